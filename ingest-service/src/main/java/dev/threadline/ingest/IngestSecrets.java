package dev.threadline.ingest;

import dev.threadline.config.SecretBox;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Seals secrets at the door with the operator's key ({@code threadline.secrets.key} / {@code
 * THREADLINE_SECRETS_KEY}): a secret's plaintext never leaves this process, never reaches a topic.
 */
@ApplicationScoped
public class IngestSecrets {
  private final Optional<SecretBox> box;

  public IngestSecrets(@ConfigProperty(name = "threadline.secrets.key") Optional<String> key) {
    this.box = key.filter(k -> !k.isBlank()).map(SecretBox::of);
  }

  /** {@code plaintext} sealed for variable {@code name} of {@code tenant}; 422 without a key. */
  public String seal(String tenant, String name, String plaintext, String field) {
    return box.orElseThrow(
            () ->
                Problem.invalid(
                    field,
                    "this deployment keeps no secrets: its threadline.secrets.key is not set"))
        .seal(plaintext, tenant + "/" + name);
  }
}
