package dev.threadline.executor.tools.builtin;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;

/**
 * Server-side request forgery guard for tools that fetch URLs: only http(s), and never a host that
 * resolves to a loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast or
 * unspecified address — unless the host (or host:port) is allow-listed. Every redirect hop is
 * checked again. (A DNS answer that changes between this check and the connection can still slip
 * through; put an egress proxy in front of executors for that.)
 */
public final class UrlGuard {
  private final Set<String> allowList;

  /**
   * @param allowList hosts or host:port pairs that may be fetched even if private
   */
  public UrlGuard(Set<String> allowList) {
    this.allowList =
        allowList.stream()
            .map(s -> s.trim().toLowerCase(Locale.ROOT))
            .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  /**
   * Throws {@link IllegalArgumentException} with the reason when {@code uri} may not be fetched.
   */
  public void check(URI uri) {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new IllegalArgumentException(
          "only http and https URLs can be fetched, not '" + uri + "'");
    }
    String host = uri.getHost();
    if (host == null || host.isBlank()) {
      throw new IllegalArgumentException("URL '" + uri + "' has no host");
    }
    host = host.toLowerCase(Locale.ROOT);
    int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    String bare = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    if (allowList.contains(bare)
        || allowList.contains(bare + ":" + port)
        || allowList.contains(host + ":" + port)) {
      return;
    }
    InetAddress[] addresses;
    try {
      addresses = InetAddress.getAllByName(bare);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("unknown host '" + bare + "'");
    }
    for (InetAddress address : addresses) {
      if (isInternal(address)) {
        throw new IllegalArgumentException(
            "blocked: "
                + bare
                + " resolves to "
                + address.getHostAddress()
                + ", a loopback, private or link-local address (allow-list it with threadline.tools.http_fetch.allow)");
      }
    }
  }

  static boolean isInternal(InetAddress a) {
    if (a.isLoopbackAddress()
        || a.isAnyLocalAddress()
        || a.isLinkLocalAddress()
        || a.isSiteLocalAddress()
        || a.isMulticastAddress()) {
      return true;
    }
    byte[] b = a.getAddress();
    if (a instanceof Inet4Address) {
      int first = b[0] & 0xff;
      int second = b[1] & 0xff;
      return first == 0 // "this network"
          || (first == 100 && second >= 64 && second < 128) // carrier-grade NAT
          || (first == 192 && second == 0 && (b[2] & 0xff) == 0) // IETF protocol assignments
          || first >= 240; // reserved and broadcast
    }
    if (a instanceof Inet6Address) {
      int first = b[0] & 0xff;
      if ((first & 0xfe) == 0xfc) {
        return true; // unique local fc00::/7
      }
      boolean v4Mapped = true;
      for (int i = 0; i < 10; i++) {
        v4Mapped &= b[i] == 0;
      }
      if (v4Mapped && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
        try {
          return isInternal(InetAddress.getByAddress(new byte[] {b[12], b[13], b[14], b[15]}));
        } catch (UnknownHostException e) {
          return true;
        }
      }
    }
    return false;
  }
}
