package dev.threadline.ingest.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import dev.threadline.ingest.Problem;
import dev.threadline.serde.SchemaRegistryException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TopicAuthorizationException;
import org.junit.jupiter.api.Test;

/** A caller is told what is known of its command's fate. */
class SendFailuresTest {
  @Test
  void aSendWithNoAnswerInTimeSaysRetryWithTheSameIdempotencyKey() {
    for (Throwable unknown :
        new Throwable[] {
          new TimeoutException(),
          new ExecutionException(new org.apache.kafka.common.errors.TimeoutException("expired")),
          new ExecutionException(
              new org.apache.kafka.common.errors.NotEnoughReplicasAfterAppendException("late"))
        }) {
      Problem problem = SendFailures.sending(unknown).problem();

      assertThat(problem.status()).isEqualTo(503);
      assertThat(problem.detail())
          .contains("retry with the same Idempotency-Key")
          .doesNotContain("nothing was written");
    }
  }

  @Test
  void aCommandTooLargeForTheLogIs413() {
    Problem problem =
        SendFailures.sending(new ExecutionException(new RecordTooLargeException("1200000 bytes")))
            .problem();

    assertThat(problem.status()).isEqualTo(413);
    assertThat(problem.detail()).contains("nothing was written");
  }

  @Test
  void aRefusalOfTheBrokerSaysNothingWasWritten() {
    Problem problem =
        SendFailures.sending(new ExecutionException(new TopicAuthorizationException("no")))
            .problem();

    assertThat(problem.status()).isEqualTo(503);
    assertThat(problem.detail()).contains("nothing was written");
  }

  @Test
  void aRegistryOutageWhileEncodingIs503WithRetryAfter() {
    RuntimeException failure =
        SendFailures.encoding(
            new SerializationException(
                "could not register", new SchemaRegistryException("unreachable", -1, -1, null)));

    assertThat(failure).isInstanceOf(Problem.Failure.class);
    Problem.Failure problem = (Problem.Failure) failure;
    assertThat(problem.problem().status()).isEqualTo(503);
    assertThat(problem.toResponse().getHeaderString("Retry-After")).isNotBlank();
    assertThat(problem.problem().detail()).contains("schema registry");
  }

  @Test
  void anEncodingFailureThatIsNoOutageIsNotDisguisedAsOne() {
    RuntimeException bug = new IllegalStateException("a bug");

    assertThat(SendFailures.encoding(bug)).isSameAs(bug);
  }
}
