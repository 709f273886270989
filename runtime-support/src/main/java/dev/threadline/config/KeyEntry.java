package dev.threadline.config;

import java.util.HexFormat;

/**
 * A key as a setting or key file names it: its SHA-256 digest (keys are held, and compared, only as
 * digests), its tenant, and whether it may only read ({@code :read}).
 */
record KeyEntry(byte[] digest, String tenant, boolean readOnly) {
  private static final String HASHED = "sha256:";

  /**
   * {@code key:tenant} or {@code sha256:<the key's digest, 64 hex digits>:tenant}, either with
   * {@code :read} after the tenant; null for anything else.
   */
  static KeyEntry of(String spec) {
    String line = spec.trim();
    byte[] digest;
    String rest;
    if (line.regionMatches(true, 0, HASHED, 0, HASHED.length())) {
      String[] parts = line.substring(HASHED.length()).split(":", 2);
      if (parts.length != 2 || !parts[0].matches("[0-9a-fA-F]{64}")) {
        return null;
      }
      digest = HexFormat.of().parseHex(parts[0]);
      rest = parts[1];
    } else {
      String[] parts = line.split(":", 2);
      if (parts.length != 2 || parts[0].isBlank()) {
        return null;
      }
      digest = ApiKeys.digest(parts[0].trim());
      rest = parts[1];
    }
    String[] tenantAndScope = rest.split(":", 2);
    String tenant = tenantAndScope[0].trim();
    if (tenant.isBlank()) {
      return null;
    }
    if (tenantAndScope.length == 1) {
      return new KeyEntry(digest, tenant, false);
    }
    return tenantAndScope[1].trim().equals("read") ? new KeyEntry(digest, tenant, true) : null;
  }
}
