package dev.threadline.executor.code;

import com.oracle.truffle.api.exception.AbstractTruffleException;
import com.oracle.truffle.api.frame.VirtualFrame;
import com.oracle.truffle.api.instrumentation.ExecutionEventNode;
import com.oracle.truffle.api.instrumentation.SourceSectionFilter;
import com.oracle.truffle.api.instrumentation.StandardTags;
import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.source.Source;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import org.graalvm.options.OptionCategory;
import org.graalvm.options.OptionDescriptor;
import org.graalvm.options.OptionDescriptors;
import org.graalvm.options.OptionKey;
import org.graalvm.options.OptionStability;

/**
 * The engine's wall around code from a string: no function or module body runs unless its source is
 * one the sandbox itself loaded — a file of {@link ModuleFiles} (the caller's modules and the
 * sandbox's own), one of the host's named scripts, or the engine's internals. GraalJS evaluates a
 * {@code data:} URL's module without asking the file system (so {@link ModuleFiles} never sees it),
 * and that is the one way left to turn a string into code once {@code eval} and {@code Function}
 * are off; this instrument refuses it where the engine enters the code, however the import was
 * spelled. Enabled on the sandbox's engine by {@link #OPTION}.
 */
public final class SandboxWall extends TruffleInstrument {
  /** The instrument's id, and the engine option that turns it on. */
  public static final String OPTION = "threadline-sandbox-wall";

  /** The literal scripts the host evaluates in the engine, by name. */
  static final Set<String> HOST_SCRIPTS = Set.of("sandbox-helper.js", "sucrase-eraser.js");

  /** Told, on the thread of the run it belongs to, why code was refused. */
  private static final ThreadLocal<Consumer<String>> LISTENER = new ThreadLocal<>();

  /** Tells {@code listener} of every refusal on this thread until {@link #unlisten}. */
  static void listen(Consumer<String> listener) {
    LISTENER.set(listener);
  }

  static void unlisten() {
    LISTENER.remove();
  }

  @Override
  protected void onCreate(Env env) {
    env.getInstrumenter()
        .attachExecutionEventFactory(
            SourceSectionFilter.newBuilder()
                .sourceIs(source -> !loadedBySandbox(source))
                .tagIs(StandardTags.RootTag.class)
                .build(),
            context ->
                new ExecutionEventNode() {
                  @Override
                  protected void onEnter(VirtualFrame frame) {
                    throw refuse(context.getInstrumentedSourceSection().getSource().getName());
                  }
                });
  }

  static boolean loadedBySandbox(Source source) {
    if (source.isInternal()) {
      return true;
    }
    String path = source.getPath();
    if (path != null) {
      return ModuleFiles.served(path);
    }
    return HOST_SCRIPTS.contains(source.getName());
  }

  private static Refused refuse(String sourceName) {
    String message =
        "code from a string ("
            + sourceName
            + ", e.g. a data: URL import) does not run in the sandbox; import modules statically"
            + " (bare names from options.imports, relative paths from options.modules)";
    Consumer<String> listener = LISTENER.get();
    if (listener != null) {
      listener.accept(message);
    }
    return new Refused(message);
  }

  @Override
  protected OptionDescriptors getOptionDescriptors() {
    return OptionDescriptors.create(
        List.of(
            OptionDescriptor.newBuilder(new OptionKey<>(false), OPTION)
                .help("Refuses to run code whose source the run_code sandbox did not load.")
                .category(OptionCategory.USER)
                .stability(OptionStability.STABLE)
                .build()));
  }

  /** What the code that tried to run code from a string catches. */
  static final class Refused extends AbstractTruffleException {
    Refused(String message) {
      super(message);
    }
  }
}
