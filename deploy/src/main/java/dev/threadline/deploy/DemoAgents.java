package dev.threadline.deploy;

import dev.threadline.topics.SerdeFactory;
import dev.threadline.topics.Topics;
import dev.threadline.topics.TopicsConfig;
import java.time.Duration;
import java.util.Map;

/**
 * The demo of {@code ./threadline up}: an agent that reads the clock, hands a question to its
 * researcher subagent (a dual_ai child thread: one side drafts, the other checks) and asks a
 * subprompt for a headline (a prompt resource it names), registered through the HTTP API like any
 * user's, and a thread whose canonical events, and its child's, are printed as they commit. The
 * agents use a scripted model, or a real OpenAI-compatible one when {@code OPENAI_API_KEY} is set.
 */
final class DemoAgents {
  private DemoAgents() {}

  /** The model of the demo agents: scripted, or a real model if OPENAI_API_KEY is set. */
  static String model(String turns) {
    String key = System.getenv("OPENAI_API_KEY");
    if (key != null && !key.isBlank()) {
      return "{\"provider\": \"openai\", \"model\": \""
          + System.getenv().getOrDefault("THREADLINE_MODEL", "gpt-4o-mini")
          + "\", \"stream\": true}";
    }
    return "{\"provider\": \"scripted\", \"latencyMs\": 150, \"stream\": true, \"turns\": "
        + turns
        + "}";
  }

  /**
   * The demo agent as the HTTP API takes it: it reads the clock and hands a question to its {@code
   * researcher} subagent (a child thread); when it reports, asks its {@code headline} subprompt,
   * echoes a note and stores a greeting.
   */
  static String agentJson() {
    return """
        {"model": %s,
         "systemPrompt": "You are the Threadline demo agent on thread {{threadId}}. Use the tools and your researcher, then reply briefly.",
         "tools": [{"name": "current_time", "permission": "allow"}, {"name": "echo", "permission": "allow"}],
         "subagents": [{"name": "researcher", "agent": "demo-researcher", "description": "Looks up one fact and reports back.", "blocking": false}],
         "subprompts": ["headline"],
         "stop": {"stopOnResponse": true, "maxSteps": 10},
         "group": "chat"}"""
        .formatted(
            model(
                """
                [[
                  {"toolCalls": [{"name": "current_time", "arguments": {}},
                                 {"name": "researcher", "arguments": {"message": "Why do Threadline threads stay ordered?"}}], "usage": {"input": 40, "output": 16}},
                  {"text": "It is past the hour. I asked my researcher why threads stay ordered; I will tell you when it reports.", "usage": {"input": 90, "output": 24}}
                ], [
                  {"toolCalls": [{"name": "headline", "arguments": {"message": "Kafka keeps every step of every thread"}}], "usage": {"input": 110, "output": 12}},
                  {"toolCalls": [{"name": "echo", "arguments": {"note": "Kafka keeps every step"}},
                                 {"name": "set_value", "arguments": {"key": "greeting", "value": "hello"}}], "usage": {"input": 120, "output": 20}},
                  {"text": "My researcher reports: each thread is a Kafka key, and a partition keeps its records in order. Greeting stored.", "usage": {"input": 150, "output": 26}}
                ]]"""));
  }

  /** The demo's headline prompt, a resource of its own that the demo agent calls as a tool. */
  static String headlinePromptJson() {
    return """
        {"prompt": "Write a headline of five words for the note you are given.",
         "toolDescription": "A five-word headline for a note", "model": %s}"""
        .formatted(
            model(
                """
                [[{"text": "Every step kept, in order", "usage": {"input": 20, "output": 6}}]]"""));
  }

  /**
   * The demo's subagent, dual_ai: side A looks the fact up (one tool call) and drafts an answer;
   * side B checks the draft and ends the session with the result for the parent.
   */
  static String researcherJson() {
    return """
        {"type": "dual_ai", "model": %s,
         "systemPrompt": "You research one question for your parent agent and draft a one-sentence answer.",
         "tools": [{"name": "echo", "permission": "allow"}],
         "sideB": {"systemPrompt": "You check the draft you are given and end the session with the answer.", "model": %s},
         "stop": {"stopOnResponse": true, "maxSteps": 5, "maxSessionTurns": 4},
         "group": "task"}"""
        .formatted(
            model(
                """
                [[
                  {"toolCalls": [{"name": "echo", "arguments": {"looked_up": "topic partitions"}}], "usage": {"input": 30, "output": 10}},
                  {"text": "Draft: each thread is a Kafka key, and one partition keeps a key's records in order.", "usage": {"input": 50, "output": 18}}
                ]]"""),
            model(
                """
                [[{"toolCalls": [{"name": "sessionStop", "arguments": {"result": "Each thread is a Kafka key, and one partition keeps a key's records in order."}}], "usage": {"input": 40, "output": 16}}]]"""));
  }

  /**
   * Registers the demo agent and starts a thread through the HTTP API, then prints its events;
   * answers the thread's id.
   */
  record Run(LocalStack stack, String registryUrl, String ingestUrl, String apiKey) {
    String run() throws Exception {
      IngestClient ingest = new IngestClient(ingestUrl, apiKey);
      ingest.call("PUT", "/v1/prompts/headline", headlinePromptJson(), 200);
      ingest.call("PUT", "/v1/agents/demo-researcher", researcherJson(), 200);
      ingest.call("PUT", "/v1/agents/demo", agentJson(), 200);
      String created =
          ingest.call(
              "POST",
              "/v1/threads",
              "{\"agent\": \"demo\", \"message\": \"What time is it? Also remember to greet me.\", \"metadata\": {\"source\": \"./threadline up\"}}",
              201);
      String threadId = created.replaceAll(".*\"threadId\"\\s*:\\s*\"([^\"]+)\".*", "$1");
      Topics topics =
          new Topics(
              TopicsConfig.defaults(),
              new SerdeFactory(Map.of("schema.registry.url", registryUrl)));
      System.out.println();
      System.out.println(
          "demo thread "
              + threadId
              + " (created with POST "
              + ingestUrl
              + "/v1/threads; events from "
              + topics.threadEvents().name()
              + "):");
      try (StackEvents events = stack.events(topics)) {
        new EventTail(stack.bootstrap(), topics, events.deserializer())
            .printUntilSettled(threadId, Duration.ofSeconds(120));
      }
      return threadId;
    }
  }
}
