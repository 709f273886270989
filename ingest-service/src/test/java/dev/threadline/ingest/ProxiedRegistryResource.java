package dev.threadline.ingest;

import dev.threadline.testkit.RegistryProxy;
import dev.threadline.testkit.ThreadlineCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;

/** The shared cluster, with the ingest reaching the registry through a proxy that can go down. */
public class ProxiedRegistryResource extends ClusterResource {
  static RegistryProxy proxy;

  @Override
  public Map<String, String> start() {
    Map<String, String> config = new HashMap<>(super.start());
    String registry = ThreadlineCluster.shared().registryUrl();
    try {
      proxy = new RegistryProxy(registry);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    config.put("threadline.schema.registry.url", proxy.url(registry));
    return config;
  }

  @Override
  public void stop() {
    if (proxy != null) {
      proxy.close();
    }
  }
}
