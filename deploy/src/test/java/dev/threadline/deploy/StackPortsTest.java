package dev.threadline.deploy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Each service of each instance has an ops port of its own, from the stack's first one. */
class StackPortsTest {
  @Test
  void eachServiceOfEachInstanceTakesTheNextOpsPort() {
    StackPorts ports = new StackPorts(9092, 8085, 8080, 8081, 9464);
    assertThat(ports.ops("step-processor", 1)).isEqualTo(9464);
    assertThat(ports.ops("tool-executor", 1)).isEqualTo(9465);
    assertThat(ports.ops("projector", 1)).isEqualTo(9466);
    assertThat(ports.ops("step-processor", 2)).isEqualTo(9467);
    assertThat(ports.ops("projector", 3)).isEqualTo(9472);
  }

  @Test
  void aStackWithoutOpsPortsGivesNone() {
    assertThat(new StackPorts(1, 2, 3, 4, 0).ops("projector", 2)).isZero();
    assertThatThrownBy(() -> new StackPorts(1, 2, 3, 4, 9464).ops("ingest", 1))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
