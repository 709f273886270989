package dev.threadline.step;

import dev.threadline.step.core.Enums.Lane;
import java.util.Locale;

/** Names of the topology's nodes: sources, the step processor and its sinks. */
public final class Routes {
  public static final String COMMANDS_SOURCE = "thread-commands-source";
  public static final String MODEL_RESULTS_SOURCE = "model-results-source";
  public static final String TOOL_RESULTS_SOURCE = "tool-results-source";
  public static final String STEP = "thread-step";
  public static final String EVENTS_SINK = "thread-events-sink";
  public static final String DEAD_LETTERS_SINK = "dead-letters-sink";
  public static final String DATA_KEYS_SINK = "thread-data-keys-sink";

  /** Commands the step processor sends to other threads: child creation, parent reports. */
  public static final String COMMANDS_SINK = "thread-commands-sink";

  public static final String AGENTS_SOURCE = "agent-definitions-source";
  public static final String AGENTS_LOADER = "agent-definitions-loader";
  public static final String TENANT_THREADS_SOURCE = "tenant-thread-counts-source";
  public static final String TENANT_THREADS_LOADER = "tenant-thread-counts-loader";

  public static final String TENANT_USAGE_SOURCE = "tenant-usage-source";
  public static final String TENANT_USAGE_LOADER = "tenant-usage-loader";

  private Routes() {}

  public static String modelRequestsSink(Lane lane) {
    return "model-requests-" + lane.name().toLowerCase(Locale.ROOT) + "-sink";
  }

  public static String toolRequestsSink(Lane lane) {
    return "tool-requests-" + lane.name().toLowerCase(Locale.ROOT) + "-sink";
  }
}
