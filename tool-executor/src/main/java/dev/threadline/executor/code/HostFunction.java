package dev.threadline.executor.code;

import java.util.List;
import java.util.concurrent.CompletionStage;

/**
 * A host function the sandbox may call (installed through {@link CodeOptions#globals()} or an
 * import): it gets copies of the arguments, and its answer, once complete, is copied back in and
 * resolves the promise the call returned inside the sandbox. It sees nothing of the sandbox else.
 */
@FunctionalInterface
public interface HostFunction {
  CompletionStage<Object> call(List<Object> args);
}
