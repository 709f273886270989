package dev.threadline.ingest.bodies;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.RuntimeToolNames;
import dev.threadline.avro.AgentTool;
import dev.threadline.avro.BehaviorSpec;
import dev.threadline.avro.HandoffSpec;
import dev.threadline.avro.SubagentSpec;
import dev.threadline.avro.SubpromptSpec;
import dev.threadline.ingest.Problem;
import dev.threadline.serde.PooledJson;
import java.nio.file.FileSystems;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An agent's post-turn {@code behaviors}, read and checked: a name of its own, {@code on} {@code
 * turn_complete} (the only point they are evaluated at), {@code toolUsed} naming tools the agent
 * has (a typo would never fire), {@code fileWritten} as path globs the runtime can match, and a
 * prompt; at most {@value #MAX_BEHAVIORS}, each evaluated every time a step answers without tools.
 */
final class BehaviorJson {
  static final int MAX_BEHAVIORS = 16;
  static final int PROMPT_CHARS = 16_384;
  static final int GLOB_CHARS = 256;
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

  private BehaviorJson() {}

  static List<BehaviorSpec> read(
      List<AgentBody.Behavior> given,
      List<AgentTool> tools,
      List<SubagentSpec> subagents,
      List<SubpromptSpec> subprompts,
      List<HandoffSpec> handoffs) {
    List<AgentBody.Behavior> entries = AgentJson.entries(given, "behaviors");
    if (entries.size() > MAX_BEHAVIORS) {
      throw Problem.invalid(
          "behaviors", "at most " + MAX_BEHAVIORS + " behaviours, not " + entries.size());
    }
    Set<String> callable = new HashSet<>(RuntimeToolNames.ALL);
    tools.forEach(t -> callable.add(t.getName()));
    subagents.forEach(s -> callable.add(s.getName()));
    subprompts.forEach(p -> callable.add(p.getName()));
    handoffs.forEach(h -> callable.add(h.getAgent()));
    Set<String> names = new HashSet<>();
    List<BehaviorSpec> behaviors = new ArrayList<>();
    for (int i = 0; i < entries.size(); i++) {
      AgentBody.Behavior b = entries.get(i);
      String field = "behaviors[" + i + "]";
      if (b.name() == null || !NAME.matcher(b.name()).matches() || !names.add(b.name())) {
        throw Problem.invalid(field + ".name", "required: 1 to 64 of A-Z a-z 0-9 _ . -, unique");
      }
      if (b.on() != null && !b.on().equals("turn_complete")) {
        throw Problem.invalid(field + ".on", "must be turn_complete");
      }
      if (b.prompt() == null || b.prompt().isBlank() || b.prompt().length() > PROMPT_CHARS) {
        throw Problem.invalid(field + ".prompt", "required: 1 to " + PROMPT_CHARS + " characters");
      }
      behaviors.add(
          new BehaviorSpec(
              b.name(),
              toolsUsed(b.toolUsed(), callable, field + ".toolUsed"),
              globs(b.fileWritten(), field + ".fileWritten"),
              b.prompt()));
    }
    return behaviors;
  }

  private static List<String> toolsUsed(List<String> given, Set<String> callable, String field) {
    List<String> names = texts(given, field);
    for (int i = 0; i < names.size(); i++) {
      if (!callable.contains(names.get(i))) {
        throw Problem.invalid(
            field + "[" + i + "]", "names no tool of this agent: '" + names.get(i) + "'");
      }
    }
    return new ArrayList<>(names);
  }

  private static List<String> globs(List<String> given, String field) {
    List<String> globs = texts(given, field);
    for (int i = 0; i < globs.size(); i++) {
      String glob = globs.get(i);
      try {
        if (glob.isBlank() || glob.length() > GLOB_CHARS) {
          throw new PatternSyntaxException("1 to " + GLOB_CHARS + " characters", glob, -1);
        }
        FileSystems.getDefault().getPathMatcher("glob:" + glob);
      } catch (PatternSyntaxException e) {
        throw Problem.invalid(
            field + "[" + i + "]", "a path glob such as /attachments/*.py: " + e.getDescription());
      }
    }
    return new ArrayList<>(globs);
  }

  private static List<String> texts(List<String> given, String field) {
    List<String> texts = given == null ? List.of() : given;
    for (int i = 0; i < texts.size(); i++) {
      if (texts.get(i) == null) {
        throw Problem.invalid(field + "[" + i + "]", "must be text");
      }
    }
    return texts;
  }

  static ArrayNode render(List<BehaviorSpec> behaviors) {
    ArrayNode rendered = PooledJson.MAPPER.createArrayNode();
    for (BehaviorSpec b : behaviors) {
      ObjectNode behavior =
          rendered.addObject().put("name", b.getName()).put("on", "turn_complete");
      b.getToolUsed().forEach(behavior.withArrayProperty("toolUsed")::add);
      b.getFileWritten().forEach(behavior.withArrayProperty("fileWritten")::add);
      behavior.put("prompt", b.getPrompt());
    }
    return rendered;
  }
}
