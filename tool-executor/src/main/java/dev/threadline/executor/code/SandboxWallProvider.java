package dev.threadline.executor.code;

import com.oracle.truffle.api.instrumentation.TruffleInstrument;
import com.oracle.truffle.api.instrumentation.provider.TruffleInstrumentProvider;
import java.util.Collection;
import java.util.List;

/**
 * How the engine finds {@link SandboxWall} (a service of {@code META-INF/services}); Truffle's
 * annotation processor would write this class, written here so the build needs no processor.
 */
@TruffleInstrument.Registration(id = SandboxWall.OPTION, name = "Threadline sandbox wall")
public final class SandboxWallProvider extends TruffleInstrumentProvider {
  @Override
  protected String getInstrumentClassName() {
    return SandboxWall.class.getName();
  }

  @Override
  protected Object create() {
    return new SandboxWall();
  }

  @Override
  protected Collection<String> getServicesClassNames() {
    return List.of();
  }
}
