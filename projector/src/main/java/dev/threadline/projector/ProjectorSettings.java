package dev.threadline.projector;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * Settings of the projector, from {@code threadline.projector.*} keys.
 *
 * @param host the address the HTTP server binds ({@code threadline.projector.host}, 127.0.0.1)
 * @param port the HTTP port ({@code threadline.projector.port}, 8081)
 * @param advertised how other instances reach this one, {@code host:port} ({@code
 *     threadline.projector.advertised}, default host:port); Streams' {@code application.server}
 * @param statsRetention how long per-minute stats are kept ({@code
 *     threadline.projector.stats.retention.minutes}, 60)
 * @param stateDir RocksDB folder ({@code threadline.projector.state.dir})
 * @param streamsPerTenant live streams one tenant may hold open on an instance ({@code
 *     threadline.projector.live.streams.per.tenant}, 100; 429 beyond)
 * @param streamsTotal live streams an instance serves at once ({@code
 *     threadline.projector.live.streams.total}, 1000; 429 beyond)
 */
public record ProjectorSettings(
    String host,
    int port,
    String advertised,
    Duration statsRetention,
    Path stateDir,
    int streamsPerTenant,
    int streamsTotal) {

  public static ProjectorSettings from(Map<String, String> settings) {
    String host = settings.getOrDefault("threadline.projector.host", "127.0.0.1");
    int port = Integer.parseInt(settings.getOrDefault("threadline.projector.port", "8081").trim());
    return new ProjectorSettings(
        host,
        port,
        settings.getOrDefault("threadline.projector.advertised", host + ":" + port),
        Duration.ofMinutes(
            Long.parseLong(
                settings
                    .getOrDefault("threadline.projector.stats.retention.minutes", "60")
                    .trim())),
        Path.of(
            settings.getOrDefault(
                "threadline.projector.state.dir",
                System.getProperty("java.io.tmpdir") + "/threadline-projector")),
        Integer.parseInt(
            settings.getOrDefault("threadline.projector.live.streams.per.tenant", "100").trim()),
        Integer.parseInt(
            settings.getOrDefault("threadline.projector.live.streams.total", "1000").trim()));
  }
}
