package dev.threadline.executor.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;
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

  /**
   * The providers of {@code kinds} (the operator's {@code threadline.model.providers}), each made
   * by the factory on the classpath ({@link ServiceLoader}) of its kind.
   *
   * @throws IllegalStateException when a kind has no factory, or two
   */
  public static ModelProviders load(Collection<String> kinds, ProviderContext context) {
    return load(ServiceLoader.load(ModelProviderFactory.class), kinds, context);
  }

  static ModelProviders load(
      Iterable<ModelProviderFactory> factories, Collection<String> kinds, ProviderContext context) {
    Map<String, ModelProviderFactory> byKind = new TreeMap<>();
    for (ModelProviderFactory factory : factories) {
      ModelProviderFactory before = byKind.putIfAbsent(factory.kind(), factory);
      if (before != null) {
        throw new IllegalStateException(
            "two model providers of kind '"
                + factory.kind()
                + "' on the executor's classpath: "
                + before.getClass().getName()
                + " and "
                + factory.getClass().getName());
      }
    }
    List<ModelProvider> providers = new ArrayList<>();
    for (String kind : kinds) {
      ModelProviderFactory factory = byKind.get(kind);
      if (factory == null) {
        throw new IllegalStateException(
            "threadline.model.providers names '"
                + kind
                + "', but no jar on the executor's classpath provides it (a"
                + " META-INF/services/"
                + ModelProviderFactory.class.getName()
                + " entry of that kind); the classpath has "
                + String.join(", ", byKind.keySet()));
      }
      providers.add(factory.create(context));
    }
    return new ModelProviders(providers);
  }

  public Optional<ModelProvider> get(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  public List<String> names() {
    return byName.keySet().stream().sorted().toList();
  }
}
