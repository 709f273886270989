package dev.threadline.ingest;

import io.opentelemetry.context.Context;
import jakarta.enterprise.context.RequestScoped;

/**
 * The trace context of the request being answered — its server span ({@link RequestSpans}) — so
 * what the request publishes is that span's child.
 */
@RequestScoped
public class RequestTrace {
  private Context context;

  public Context context() {
    return context;
  }

  public void set(Context context) {
    this.context = context;
  }
}
