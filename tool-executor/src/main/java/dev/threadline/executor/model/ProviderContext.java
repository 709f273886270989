package dev.threadline.executor.model;

import dev.threadline.avro.ToolDefinition;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What the executor gives a model provider it makes ({@link ModelProviderFactory#create}).
 *
 * @param settings the executor's settings, for a provider's own keys
 * @param clients HTTP clients of the operator's endpoints, each with its key, held to the model
 *     policy (a provider that calls an endpoint takes its client here: keys stay in this class)
 * @param defaultModel the model a configuration naming none gets ({@code threadline.model})
 * @param completeDefinition fills in a tool's description and parameters from the executor's tool
 *     registry when the agent definition left them out
 * @param images user messages' image attachments as image parts, for models that see images
 */
public record ProviderContext(
    Map<String, String> settings,
    ModelClients clients,
    String defaultModel,
    UnaryOperator<ToolDefinition> completeDefinition,
    ImageParts images) {}
