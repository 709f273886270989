package dev.threadline.executor.tools;

import dev.threadline.avro.EnvValue;
import dev.threadline.config.SecretBox;
import dev.threadline.files.ThreadFiles;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * A call's thread env as the call got it, how to open and seal its secrets (the operator's {@code
 * threadline.secrets.key}, bound to tenant and name), and the shared files folder a written file is
 * staged in (null: none).
 */
public record CallEnv(
    Map<String, EnvValue> values,
    String tenantId,
    String threadId,
    Optional<SecretBox> box,
    ThreadFiles files) {
  static final CallEnv NONE = new CallEnv(Map.of(), "", "", Optional.empty(), null);

  /** Variable {@code name}: a text value as it is, a secret opened. */
  Optional<String> open(String name) {
    EnvValue value = values.get(name);
    if (value == null) {
      return Optional.empty();
    }
    if (!value.getSecret()) {
      return Optional.of(value.getValue());
    }
    SecretBox key =
        box.orElseThrow(
            () ->
                new IllegalStateException(
                    "secret "
                        + name
                        + " cannot be opened: the executor has no"
                        + " threadline.secrets.key"));
    return Optional.of(key.open(value.getValue(), tenantId + "/" + name));
  }

  /** {@code value} sealed as secret {@code name}, for the write that sets it. */
  String seal(String name, String value) {
    SecretBox key =
        box.orElseThrow(
            () -> new IllegalStateException("no threadline.secrets.key to seal " + name));
    return key.seal(value, tenantId + "/" + name);
  }

  /** The names of the variables, secrets' too. */
  Set<String> names() {
    return Collections.unmodifiableSet(new TreeSet<>(values.keySet()));
  }
}
