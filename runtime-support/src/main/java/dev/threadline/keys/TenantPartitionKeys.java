package dev.threadline.keys;

/**
 * Keys of the tables the projector publishes per tenant ({@code tenant-thread-counts}, {@code
 * tenant-usage}): {@code tenant/partition}, one per partition of {@code thread-events} the tenant
 * has threads in. A tenant's keys are the range {@link #first} to {@link #after}: tenant ids hold
 * no {@code /}, and {@code 0} is the character after it.
 */
public final class TenantPartitionKeys {
  private TenantPartitionKeys() {}

  public static String of(String tenant, int partition) {
    return tenant + "/" + partition;
  }

  /** The first key a tenant's range holds. */
  public static String first(String tenant) {
    return tenant + "/";
  }

  /** A key after every key of the tenant's (exclusive end of its range). */
  public static String after(String tenant) {
    return tenant + "0";
  }
}
