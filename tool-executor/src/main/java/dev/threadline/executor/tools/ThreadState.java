package dev.threadline.executor.tools;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.threadline.agents.ToolWriteKind;
import dev.threadline.avro.Attachment;
import dev.threadline.avro.ToolEffect;
import dev.threadline.config.KvLimits;
import dev.threadline.config.Limits;
import dev.threadline.config.Utf8;
import dev.threadline.executor.code.CodeExecution;
import dev.threadline.executor.code.CodeOptions;
import dev.threadline.executor.code.CodeSandboxes;
import dev.threadline.files.ThreadFiles;
import dev.threadline.serde.PooledJson;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a tool can do with its own thread ({@code docs/tools.md}). <b>Reads</b> see the thread as it
 * was when the call was issued — every write it made before, the same turn's included — and this
 * call's own {@link #setValue}s. <b>Writes</b> are kept with the call and travel with its result;
 * the step processor applies them with the result, in one transaction, in the order made — all, or
 * (one being invalid) none, the result then an error. They apply only if the tool returns: a tool
 * that throws writes nothing. Thread-safe.
 */
public final class ThreadState {
  /** The most writes one call may make. */
  public static final int MAX_WRITES = 64;

  private static final ObjectMapper JSON = PooledJson.MAPPER;
  private final String requestId;
  private final Limits limits;
  private final ThreadReader reader;
  private final CallEnv env;
  private final List<ToolEffect> writes = new ArrayList<>();
  private final List<Attachment> shown = new ArrayList<>();
  private final CallValues ownValues;
  private final Map<String, Object> context;
  private int effects;

  ThreadState(String requestId, Limits limits, ThreadReader reader) {
    this(requestId, limits, reader, CallEnv.NONE);
  }

  ThreadState(String requestId, Limits limits, ThreadReader reader, CallEnv env) {
    this(requestId, limits, reader, env, new Execution());
  }

  /** {@code context}: what the call shares with the hooks around it ({@link #context()}). */
  ThreadState(
      String requestId,
      Limits limits,
      ThreadReader reader,
      CallEnv env,
      Map<String, Object> context) {
    this.requestId = requestId;
    this.limits = limits;
    this.reader = reader;
    this.env = env;
    this.context = context;
    this.ownValues = new CallValues(context);
  }

  /**
   * The execution's own scratch map: a tool call and the hooks around it (after_tool_call_*,
   * before_store_tool_result) see the same one, as do the history hooks of one model request. It
   * lives as long as the execution, in this executor only; nothing in it is kept or sent.
   */
  public Map<String, Object> context() {
    return context;
  }

  /**
   * Variable {@code name} of the thread's env: a text value as it is, a secret opened for this tool
   * (it is never in a prompt, an event or a log; do not put it in a result either).
   */
  public Optional<String> env(String name) {
    return env.open(name);
  }

  /**
   * Sets variable {@code name} of the thread's env ({@code value} null removes it); a secret is
   * sealed here with the operator's key before it leaves the executor.
   */
  public void setEnv(String name, String value, boolean secret) {
    ObjectNode write = JSON.createObjectNode().put("name", name).put("secret", secret);
    if (value == null) {
      write.putNull("value");
    } else {
      write.put("value", secret ? env.seal(name, value) : value);
    }
    write(ToolWriteKind.SET_ENV, write);
  }

  /**
   * Writes {@code bytes} as {@code path} of the thread (e.g. {@code /attachments/report.md}):
   * staged now in the shared files folder, put in place when the result is applied.
   */
  public synchronized void writeFile(String path, String contentType, byte[] bytes) {
    String staged =
        requestId.replaceAll("[^A-Za-z0-9._-]", "_") + "-" + (writes.size() + 1) + ".staged";
    folder().stage(path, staged, contentType, bytes);
    write(
        ToolWriteKind.WRITE_FILE, JSON.createObjectNode().put("path", path).put("staged", staged));
  }

  /**
   * Writes {@code bytes} as {@code path} of the thread as {@link #writeFile} does, and shows it
   * with the call's result: the file goes with the tool message, and a model that sees images is
   * shown an image with it (as a user's attachment is).
   */
  public synchronized void showFile(String path, String contentType, byte[] bytes) {
    writeFile(path, contentType, bytes);
    shown.add(new Attachment(path, contentType, null, (long) bytes.length));
  }

  /** The files the call shows with its result ({@link #showFile}). */
  synchronized List<Attachment> shown() {
    return List.copyOf(shown);
  }

  /** The largest file a tool may write or read. */
  public static final int MAX_FILE_BYTES = ThreadFolder.MAX_FILE_BYTES;

  /** The names of the thread's env variables (secrets' too). */
  public java.util.Set<String> envNames() {
    return env.names();
  }

  // ---- reads ----

  /**
   * The thread's summary: status, agent, parent, children, turns, tokens ({@code
   * docs/projector.md}).
   */
  public JsonNode thread() {
    return reader.read("").orElseThrow(() -> new IllegalStateException("no such thread"));
  }

  /**
   * {@code key}'s value: this execution's own write first (the call's, a call it made within its
   * own, a hook's around it), else the thread's.
   */
  public synchronized Optional<JsonNode> getValue(String key) {
    Optional<JsonNode> own = ownValues.get(key);
    if (own.isPresent()) {
      return own.filter(v -> !v.isNull());
    }
    return reader
        .read("/values/" + java.net.URLEncoder.encode(key, java.nio.charset.StandardCharsets.UTF_8))
        .map(answer -> answer.get("value"));
  }

  /** The parent thread's summary, as {@link #thread()}'s; empty for a thread with no parent. */
  public Optional<JsonNode> parentThread() {
    return relatives().parent("");
  }

  /** The parent thread's messages, as {@link #messages} gives this thread's; empty for a root. */
  public Optional<JsonNode> parentMessages(long afterSeq, int limit) {
    return relatives().parent(ThreadRelatives.messages(afterSeq, limit));
  }

  /**
   * Child {@code childThreadId}'s summary; empty unless it is one of this thread's own children.
   */
  public Optional<JsonNode> childThread(String childThreadId) {
    return relatives().child(childThreadId, "");
  }

  /**
   * Child {@code childThreadId}'s messages, as {@link #messages}; empty as for {@link
   * #childThread}.
   */
  public Optional<JsonNode> childMessages(String childThreadId, long afterSeq, int limit) {
    return relatives().child(childThreadId, ThreadRelatives.messages(afterSeq, limit));
  }

  private ThreadRelatives relatives() {
    return new ThreadRelatives(reader, thread());
  }

  /** The thread's files as they are now (this call's own writes land with its result). */
  public java.util.List<ThreadFiles.Stored> files() {
    return folder().list();
  }

  /** File {@code path}'s bytes, as they are now; empty when there is none. */
  public Optional<byte[]> readFile(String path) {
    return folder().read(path);
  }

  private ThreadFolder folder() {
    return new ThreadFolder(env);
  }

  /** Up to {@code limit} messages after event {@code afterSeq}: {@code {messages, lastSeq}}. */
  public JsonNode messages(long afterSeq, int limit) {
    return reader.read(ThreadRelatives.messages(afterSeq, limit)).orElseThrow();
  }

  /**
   * Message {@code messageSeq} as {@link #messages} gives it (with its {@code messageSeq} and
   * {@code eventSeq}); empty when the thread has no such message.
   */
  public Optional<JsonNode> getMessage(long messageSeq) {
    return MessageLookup.find(reader, messageSeq);
  }

  /** The tenant's agent {@code name} as {@code GET /v1/agents/{name}} gives it; empty: none. */
  public Optional<JsonNode> getAgent(String name) {
    return reader.definition("agents", name);
  }

  /** The tenant's model {@code name}, as {@code GET /v1/models/{name}} gives it; empty: none. */
  public Optional<JsonNode> getModel(String name) {
    return reader.definition("models", name);
  }

  /** The tenant's prompt {@code name}, as {@code GET /v1/prompts/{name}} gives it; empty: none. */
  public Optional<JsonNode> getPrompt(String name) {
    return reader.definition("prompts", name);
  }

  /** The effects the thread holds scheduled: {@code [{effectId, fireAt, kind}]}. */
  public JsonNode scheduledEffects() {
    return reader.read("/effects").orElseThrow().path("effects");
  }

  /**
   * Runs {@code source} — TypeScript unless {@code options} say otherwise — as a module in a fresh
   * sandbox (spec §13, {@code docs/tools.md} "Code execution"); the handle settles with the
   * selected export's value, or stops at {@code terminate}. Waits while the executor, or the
   * tenant, already runs as much code as it may.
   */
  public CodeExecution runCode(String source, CodeOptions options) throws InterruptedException {
    CodeOptions given = options == null ? CodeOptions.defaults() : options;
    return CodeSandboxes.shared().run(env.tenantId(), source, given);
  }

  // ---- writes ----

  /** Sets {@code key} to {@code value} (null deletes it), as the {@code set_value} tool would. */
  public synchronized void setValue(String key, JsonNode value) {
    JsonNode stored = value == null ? NullNode.getInstance() : value;
    String refusal = KvLimits.keyRefusal(key);
    refusal =
        refusal != null
            ? refusal
            : KvLimits.valueRefusal(stored.isNull() ? null : stored.toString());
    if (refusal != null) {
      throw new IllegalArgumentException(refusal);
    }
    write(ToolWriteKind.SET_VALUE, JSON.createObjectNode().put("key", key).set("value", stored));
    ownValues.set(key, stored);
  }

  /** The call failed: the values it set are no longer what its execution reads. */
  void takeBackValues() {
    ownValues.takeBack();
  }

  /** Queues a message into the thread: it joins the context before the next model call. */
  public void queueMessage(String text) {
    write(ToolWriteKind.QUEUE_MESSAGE, message(text));
  }

  /** Like {@link #queueMessage}, ahead of any other queued work (steering). */
  public void injectMessage(String text) {
    write(ToolWriteKind.INJECT_MESSAGE, message(text));
  }

  /** Queues a tool call into the thread, run as the runtime's own call. */
  public void queueTool(String name, JsonNode arguments) {
    write(ToolWriteKind.QUEUE_TOOL, tool(name, arguments));
  }

  /** Schedules {@code text} as a message in {@code delay}; returns the effect's id. */
  public String scheduleMessage(Duration delay, String text) {
    return schedule(delay, message(text));
  }

  /** Schedules a tool call in {@code delay}; returns the effect's id. */
  public String scheduleTool(Duration delay, String name, JsonNode arguments) {
    ObjectNode action = JSON.createObjectNode();
    action.set("tool", tool(name, arguments));
    return schedule(delay, action);
  }

  /** Removes an effect the thread holds scheduled (an error result if it holds none by that id). */
  public void removeScheduledEffect(String effectId) {
    write(ToolWriteKind.REMOVE_SCHEDULED_EFFECT, JSON.createObjectNode().put("effectId", effectId));
  }

  /** Gives stored message {@code messageSeq} the text {@code content} (its tool calls stay). */
  public void updateMessage(long messageSeq, String content) {
    write(
        ToolWriteKind.UPDATE_MESSAGE,
        JSON.createObjectNode().put("seq", messageSeq).put("content", content));
  }

  /** Puts an event of the tool's own on the thread's log and live stream ({@code CustomEvent}). */
  public void emit(String name, JsonNode data) {
    ObjectNode event = JSON.createObjectNode().put("name", name);
    event.set("data", data == null ? NullNode.getInstance() : data);
    write(ToolWriteKind.EMIT, event);
  }

  /** The longest log line a call writes; longer ones are cut. */
  public static final int LOG_CHARS = 4_096;

  /**
   * Writes a line to the thread's log for people watching it (the dashboard, a live stream): a
   * {@code CustomEvent} named {@code log} with {@code {level, message}}; {@code level} is info,
   * warn or error. Never read by the model.
   */
  public void log(String level, String message) {
    if (!java.util.Set.of("info", "warn", "error").contains(level)) {
      throw new IllegalArgumentException("a log line's level is info, warn or error, not " + level);
    }
    String line = message.length() > LOG_CHARS ? message.substring(0, LOG_CHARS) : message;
    emit("log", JSON.createObjectNode().put("level", level).put("message", line));
  }

  /**
   * Sends the parent thread a message with files of this thread's folder ({@code paths} relative to
   * it), which the runtime copies into the parent's folder (spec §8.2). On a thread without a
   * parent it does nothing.
   */
  public synchronized void notifyParent(String content, List<String> paths) {
    long bytes = Utf8.length(content);
    for (String path : paths) {
      bytes += Utf8.length(path) + 8;
    }
    if (bytes > limits.messageBytes()) {
      throw new IllegalArgumentException(
          Limits.over("the message to the parent", bytes, limits.messageBytes(), "message.bytes"));
    }
    List<Attachment> files = paths.stream().map(p -> new Attachment(p, null, null, null)).toList();
    add(new ToolEffect(ToolWriteKind.NOTIFY_PARENT.wire(), content, new ArrayList<>(files)));
  }

  /** Sets this thread's status in its parent's child registry (kept to its first 512 bytes). */
  public void setStatus(String status) {
    add(
        new ToolEffect(
            ToolWriteKind.SET_STATUS.wire(),
            Truncation.middleBytes(status, 512),
            new ArrayList<>()));
  }

  /** Takes a nested call's writes as this call's own ({@link ToolContext#runTool}). */
  void adopt(List<ToolEffect> nestedWrites) {
    nestedWrites.forEach(this::add);
  }

  synchronized List<ToolEffect> writes() {
    return List.copyOf(writes);
  }

  private synchronized String schedule(Duration delay, ObjectNode action) {
    if (delay.isNegative()) {
      throw new IllegalArgumentException("an effect's delay cannot be negative");
    }
    String effectId = requestId.replace('|', '/') + "/effect-" + ++effects;
    action.put("effectId", effectId).put("delaySeconds", delay.toSeconds());
    write(ToolWriteKind.SCHEDULE_EFFECT, action);
    return effectId;
  }

  private ObjectNode message(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("a message needs text");
    }
    return JSON.createObjectNode().put("text", text);
  }

  private ObjectNode tool(String name, JsonNode arguments) {
    ObjectNode tool = JSON.createObjectNode().put("name", name);
    tool.set("arguments", arguments == null ? JSON.createObjectNode() : arguments);
    return tool;
  }

  private void write(ToolWriteKind kind, ObjectNode content) {
    add(new ToolEffect(kind.wire(), content.toString(), new ArrayList<>()));
  }

  private synchronized void add(ToolEffect effect) {
    if (writes.size() >= MAX_WRITES) {
      throw new IllegalStateException("a tool call may make at most " + MAX_WRITES + " writes");
    }
    writes.add(effect);
  }
}
