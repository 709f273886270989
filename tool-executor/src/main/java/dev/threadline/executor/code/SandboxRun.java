package dev.threadline.executor.code;

import dev.threadline.executor.code.CodeResult.CodeError;
import dev.threadline.executor.code.CodeResult.LogLine;
import dev.threadline.executor.code.CodeResult.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;
import org.graalvm.polyglot.io.IOAccess;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One {@code runCode} call, on a thread of its own: a fresh context (the isolate), the caller's
 * modules linked from memory, the selected export run, and an event loop that turns completed host
 * calls back into resolved promises until the result settles — or {@link #stop} ends it.
 */
final class SandboxRun implements CodeExecution {
  private static final Logger LOG = LoggerFactory.getLogger(SandboxRun.class);
  private final CompletableFuture<CodeResult> result = new CompletableFuture<>();
  private final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();
  private final List<LogLine> logs = new ArrayList<>();
  private final SandboxLimits limits;
  private volatile Context context;

  /** Host calls made and not yet answered; only they, or a stop, can wake an awaiting module. */
  private final AtomicInteger pendingHostCalls = new AtomicInteger();

  /** Why the call was stopped, once it was; the run's own thread settles with it. */
  private volatile Stop stopped;

  /** Why the engine first refused to load or run something the code asked for, if it did. */
  private volatile String refusal;

  private Marshal marshal;
  private Value helper;
  private long logChars;

  private record Stop(Status status, CodeError error) {}

  SandboxRun(SandboxLimits limits) {
    this.limits = limits;
  }

  @Override
  public CompletableFuture<CodeResult> result() {
    return result;
  }

  @Override
  public void terminate(String reason) {
    stop(
        Status.TERMINATED,
        reason == null || reason.isBlank() ? "terminated by the caller" : reason);
  }

  /** Ends the call with {@code status} at its next yield point (the first stop wins). */
  void stop(Status status, String message) {
    synchronized (this) {
      if (stopped != null || result.isDone()) {
        return;
      }
      stopped =
          new Stop(
              status,
              CodeError.of(status == Status.MEMORY ? "MemoryError" : "Terminated", message));
    }
    tasks.add(() -> {});
    Context running = context;
    if (running != null) {
      try {
        running.close(true);
      } catch (RuntimeException alreadyClosing) {
        // the run's own thread is closing it: it settles with the stop recorded above
      }
    }
  }

  void run(
      Context.Builder builder,
      SandboxModules.Prepared modules,
      CodeOptions options,
      Source helperSource) {
    String hostKey = modules.hostKey();
    ModuleFiles files = new ModuleFiles(modules.files(), this::refused);
    builder.allowIO(IOAccess.newBuilder().fileSystem(files).build());
    SandboxWall.listen(this::refused);
    try (Context ctx = builder.build()) {
      context = ctx;
      if (stopped != null) {
        ctx.close(true);
      }
      helper = ctx.eval(helperSource);
      marshal = new Marshal(helper, this::bridge);
      Value host = helper.invokeMember("object");
      helper.invokeMember(
          "define",
          host,
          "linked",
          (ProxyExecutable)
              a -> {
                files.linked();
                return null;
              });
      helper.invokeMember("define", host, "globals", globals(options));
      Value imports = helper.invokeMember("array");
      int i = 0;
      for (Map<String, Object> namespace : options.imports().values()) {
        helper.invokeMember("define", imports, i++, marshal.toGuest(namespace));
      }
      helper.invokeMember("define", host, "imports", imports);
      ctx.getBindings("js").putMember(hostKey, host);
      Value args = (Value) marshal.toGuest(options.execute().args());
      Value promise =
          helper.invokeMember(
              "run",
              modules.main().toString(),
              options.execute().fn(),
              args,
              !options.execute().args().isEmpty());
      promise.invokeMember(
          "then",
          (ProxyExecutable)
              a -> {
                settle(readOr("the code's result could not be read", () -> ok(a[0])));
                return null;
              },
          (ProxyExecutable)
              a -> {
                settle(
                    readOr(
                        "the code threw a value that could not be read",
                        () -> failure(a[0], files.evaluationBegan(), modules)));
                return null;
              });
      while (!result.isDone() && stopped == null) {
        if (tasks.isEmpty() && pendingHostCalls.get() == 0) {
          // The sandbox has no timers: with no host call to answer nothing can run again.
          stop(
              Status.TERMINATED,
              "stopped by the sandbox's safety cap: the code awaits a promise that nothing can"
                  + " settle (no host call is pending, and the sandbox has no timers)");
          break;
        }
        Runnable task = tasks.poll(limits.idleCapMillis(), TimeUnit.MILLISECONDS);
        if (task == null) {
          stop(
              Status.TERMINATED,
              "stopped by the sandbox's safety cap: waited more than "
                  + limits.idleCapMillis()
                  + " ms for the host with nothing to run (threadline.code.idle.cap.ms)");
          break;
        }
        task.run();
      }
    } catch (PolyglotException e) {
      LOG.debug("a runCode call failed in the engine", e);
      if (!e.isCancelled()) {
        settle(CodeErrors.fromException(e, modules, logs));
      }
    } catch (Marshal.SerializationError e) {
      settle(unserializable(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      stop(Status.TERMINATED, "the executor is shutting down");
    } catch (RuntimeException e) {
      LOG.debug("a runCode call failed in the engine", e);
      if (stopped == null) {
        settle(
            CodeResult.failed(
                Status.ERROR,
                CodeError.of("Error", String.valueOf(e.getMessage())),
                List.copyOf(logs)));
      }
    } finally {
      SandboxWall.unlisten();
      context = null;
      // The logs are read here, on the thread that writes them, not on the one that stopped it.
      if (stopped != null) {
        settle(CodeResult.failed(stopped.status(), stopped.error(), List.copyOf(logs)));
      }
    }
  }

  /**
   * {@code reading}'s result — or, when reading what the code handed back runs code of its that
   * throws (a getter, a {@code toString}), an {@code error} saying {@code what}: every run settles.
   */
  private CodeResult readOr(String what, java.util.function.Supplier<CodeResult> reading) {
    try {
      return reading.get();
    } catch (PolyglotException e) {
      if (e.isCancelled() || e.isResourceExhausted()) {
        throw e; // a stop or a memory cap: the run ends with its own status
      }
      return CodeResult.failed(
          Status.ERROR, CodeError.of("Error", what + ": " + e.getMessage()), List.copyOf(logs));
    }
  }

  private CodeResult ok(Value value) {
    try {
      return CodeResult.ok(marshal.toHost(value), List.copyOf(logs));
    } catch (Marshal.SerializationError e) {
      return unserializable(e);
    }
  }

  private CodeResult unserializable(Marshal.SerializationError e) {
    return CodeResult.failed(
        Status.ERROR, CodeError.of("SerializationError", e.getMessage()), List.copyOf(logs));
  }

  /**
   * The code's failure: {@code link_error} for the runtime's own LinkError (no such export) and for
   * what the linker and the loader refused; anything else the code threw is {@code error}, whatever
   * it is named or says.
   */
  private CodeResult failure(Value error, boolean evaluated, SandboxModules.Prepared modules) {
    Value described = helper.invokeMember("describe", error);
    String name = described.getMember("name").asString();
    String message = described.getMember("message").asString();
    String refused = refusal;
    if (refused != null && message.contains(refused)) {
      // the engine refused a module, or code from a string, and the code let that end it
      return CodeResult.failed(
          Status.LINK_ERROR,
          CodeErrors.located(
              "LinkError", refused, described.getMember("stack").asString(), modules),
          List.copyOf(logs));
    }
    // The linker's words count before evaluation, or when the loader refused a module this call
    // asked for (a dynamic import); a throw of the code's that merely says them does not. A URL
    // the engine could not parse (a dynamic import's) is refused before the loader sees it.
    boolean link =
        helper.invokeMember("isLinkError", error).asBoolean()
            || CodeErrors.isUnparsableUrl(message)
            || ((!evaluated || refused != null) && CodeErrors.isLinkMessage(message));
    return CodeResult.failed(
        link ? Status.LINK_ERROR : Status.ERROR,
        CodeErrors.located(name, message, described.getMember("stack").asString(), modules),
        List.copyOf(logs));
  }

  /** The engine refused what the code asked for (the first refusal is kept). */
  private void refused(String message) {
    if (refusal == null) {
      refusal = message;
    }
  }

  private void settle(CodeResult outcome) {
    if (outcome != null) {
      result.complete(outcome);
    }
  }

  private Value globals(CodeOptions options) {
    Map<String, Object> values = new LinkedHashMap<>(options.globals());
    Value target = (Value) marshal.toGuest(values);
    if (!values.containsKey("console")) {
      helper.invokeMember(
          "define", target, "console", helper.invokeMember("console", (ProxyExecutable) this::log));
    }
    return target;
  }

  private Object log(Value... args) {
    String level = args[0].asString();
    String text = args[1].asString();
    if (logs.size() < limits.maxLogLines() && logChars < limits.maxLogChars()) {
      String line = text.length() > 4_096 ? text.substring(0, 4_096) : text;
      logs.add(new LogLine(level, line));
      logChars += line.length();
    }
    return null;
  }

  /** A host function as the sandbox calls it: copies in, a promise settled on this thread. */
  @SuppressWarnings("unchecked")
  private ProxyExecutable bridge(HostFunction function) {
    return a -> {
      Object args = marshal.toHost(a[0]);
      Value resolve = a[1];
      Value reject = a[2];
      CompletableFuture<Object> answer;
      pendingHostCalls.incrementAndGet();
      try {
        answer = function.call((List<Object>) args).toCompletableFuture();
      } catch (RuntimeException e) {
        answer = CompletableFuture.failedFuture(e);
      }
      answer.whenComplete(
          (value, error) ->
              tasks.add(
                  () -> {
                    pendingHostCalls.decrementAndGet();
                    if (error == null) {
                      resolve.execute(marshal.toGuest(value));
                    } else {
                      Throwable cause =
                          error instanceof java.util.concurrent.CompletionException c
                                  && c.getCause() != null
                              ? c.getCause()
                              : error;
                      reject.execute(
                          helper.invokeMember(
                              "error", "Error", String.valueOf(cause.getMessage())));
                    }
                  }));
      return null;
    };
  }
}
