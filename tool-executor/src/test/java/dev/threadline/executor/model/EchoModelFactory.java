package dev.threadline.executor.model;

import dev.threadline.avro.ModelRequest;

/**
 * A model provider as a user's jar brings one: listed in this test classpath's {@code
 * META-INF/services}, it answers with the last message's text and the setting {@code
 * echo-model.prefix}.
 */
public final class EchoModelFactory implements ModelProviderFactory {
  @Override
  public String kind() {
    return "echo-model";
  }

  @Override
  public ModelProvider create(ProviderContext context) {
    String prefix = context.settings().getOrDefault("echo-model.prefix", "");
    return new ModelProvider() {
      @Override
      public String name() {
        return "echo-model";
      }

      @Override
      public ModelOutcome complete(ModelRequest request, DeltaSink deltas) {
        var messages = request.getMessages();
        String last = messages.isEmpty() ? "" : String.valueOf(messages.getLast().getContent());
        return new ModelOutcome.Reply(prefix + last, java.util.List.of(), null, "stop", "echo");
      }
    };
  }
}
