package dev.threadline.executor.model;

import dev.threadline.avro.ToolDefinition;
import dev.threadline.config.ModelPolicy;
import java.time.Duration;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What the executor gives a model provider it makes ({@link ModelProviderFactory#create}).
 *
 * @param settings the executor's settings, for a provider's own keys
 * @param policy what each tenant may call, which a provider holds every call to ({@link
 *     ModelPolicy#refusal})
 * @param timeout how long one model call may take
 * @param endpoints the operator's endpoints (URL and key) — a provider of a kind other than {@code
 *     openai} calls the endpoints that serve its kind ({@code threadline.model.endpoint.<name>
 *     .provider}; the model policy refuses a configuration naming another kind's endpoint)
 * @param clients OpenAI clients of the operator's endpoints, each with its key, held to the model
 *     policy
 * @param defaultModel the model a configuration naming none gets ({@code threadline.model})
 * @param completeDefinition fills in a tool's description and parameters from the executor's tool
 *     registry when the agent definition left them out
 * @param images user messages' image attachments as image parts, for models that see images
 */
public record ProviderContext(
    Map<String, String> settings,
    ModelPolicy policy,
    Duration timeout,
    ModelEndpoints endpoints,
    ModelClients clients,
    String defaultModel,
    UnaryOperator<ToolDefinition> completeDefinition,
    ImageParts images) {}
