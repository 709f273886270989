package dev.threadline.step.core.machine;

import dev.threadline.step.core.ContextPolicy;
import dev.threadline.step.core.MachineConfig;
import java.util.function.Function;

/**
 * What a machine decides by, besides the state and the input: its limits and timings, its context
 * policy, and the environment that switches {@code optional} subagents on.
 */
public record Settings(
    MachineConfig config, ContextPolicy policy, Function<String, String> environment) {}
