package dev.threadline.executor.model;

/**
 * Service-provider interface for model providers: implement it, list the class in {@code
 * META-INF/services/dev.threadline.executor.model.ModelProviderFactory}, put the jar on the
 * executor's classpath and add its {@link #kind} to {@code threadline.model.providers} (on the
 * ingest and the executor), so that definitions may name it as {@code model.provider}. The built-in
 * {@code scripted} and {@code openai} are two of them.
 */
public interface ModelProviderFactory {
  /** What definitions name as {@code model.provider}, e.g. {@code openai}. */
  String kind();

  /** The provider, made once at the executor's start. */
  ModelProvider create(ProviderContext context);
}
