package dev.threadline.executor;

import dev.threadline.executor.consume.FatalErrors;
import dev.threadline.executor.model.ModelOutcome;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

/**
 * The time a model call may take, enforced: the call runs on its own virtual thread, and when its
 * time is up it is interrupted (the provider's HTTP call with it) and answered as a timeout — the
 * step processor retries it — so no call holds a lane's permit for longer than its request allows.
 */
final class TimeLimit {
  /** The least time a call gets, whatever its request says. */
  static final Duration LEAST = Duration.ofSeconds(1);

  private static final ExecutorService CALLS = Executors.newVirtualThreadPerTaskExecutor();

  private TimeLimit() {}

  /**
   * The time of a request issued at {@code issuedAt} with {@code deadline}, counted from when it
   * starts: a request that waited in a busy lane still gets all of it.
   */
  static Duration of(Instant issuedAt, Instant deadline) {
    Duration time = Duration.between(issuedAt, deadline);
    return time.compareTo(LEAST) < 0 ? LEAST : time;
  }

  static ModelOutcome call(Duration time, Supplier<ModelOutcome> work) {
    Future<ModelOutcome> call = CALLS.submit(work::get);
    try {
      return call.get(time.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      call.cancel(true);
      return new ModelOutcome.Failure(
          "timeout", "the model did not answer within " + time.toMillis() + " ms", true);
    } catch (ExecutionException e) {
      if (FatalErrors.spoilsTheProcess(e.getCause())) {
        throw (Error) e.getCause(); // the lane that runs this call ends the process
      }
      return new ModelOutcome.Failure("provider_error", String.valueOf(e.getCause()), false);
    } catch (InterruptedException e) {
      call.cancel(true);
      Thread.currentThread().interrupt();
      return new ModelOutcome.Failure("interrupted", "the executor is shutting down", true);
    }
  }
}
