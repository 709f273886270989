package dev.threadline.executor.model;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/** The providers of an executor, by name. */
public final class ModelProviders {
  private final Map<String, ModelProvider> byName;

  public ModelProviders(List<ModelProvider> providers) {
    this.byName =
        providers.stream()
            .collect(Collectors.toUnmodifiableMap(ModelProvider::name, Function.identity()));
  }

  public Optional<ModelProvider> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public List<String> names() {
    return byName.keySet().stream().sorted().toList();
  }
}
