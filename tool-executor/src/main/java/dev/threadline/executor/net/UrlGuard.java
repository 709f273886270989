package dev.threadline.executor.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.Proxy;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import okhttp3.Dns;
import okhttp3.OkHttpClient;

/**
 * Server-side request forgery guard for everything that fetches a URL a tenant chose ({@code
 * http_fetch}, a model URL an operator lets agents name): only http(s), and never a host that
 * resolves to a loopback, private, link-local (cloud metadata), carrier-grade NAT, multicast,
 * reserved or unspecified address — IPv4 addresses wrapped in IPv6 (mapped, compatible, NAT64,
 * 6to4, Teredo) are unwrapped first — unless the host (or host:port) is allow-listed.
 *
 * <p>It is also the clients' {@link Dns}: the addresses it checked are the ones they connect to, so
 * a DNS answer that changes between check and connection (rebinding) cannot slip through. Errors
 * name the host, never the address it resolved to.
 */
public final class UrlGuard implements Dns {
  /** A host this guard refuses; an {@link UnknownHostException} so HTTP clients give up on it. */
  public static final class Blocked extends UnknownHostException {
    Blocked(String message) {
      super(message);
    }
  }

  /** How a host name becomes addresses (the system resolver, or a test's). */
  @FunctionalInterface
  public interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  private final Set<String> allowList;
  private final Resolver resolver;

  /**
   * @param allowList hosts or host:port pairs that may be fetched even if private
   */
  public UrlGuard(Set<String> allowList) {
    this(allowList, InetAddress::getAllByName);
  }

  public UrlGuard(Set<String> allowList, Resolver resolver) {
    this.resolver = resolver;
    this.allowList =
        allowList.stream()
            .map(s -> s.trim().toLowerCase(Locale.ROOT))
            .collect(Collectors.toUnmodifiableSet());
  }

  /**
   * An HTTP client that reaches only what this guard allows: the guard is its DNS, no proxy stands
   * between, and it follows no redirect (a caller that wants them checks each hop). Callers add
   * their timeouts.
   */
  public OkHttpClient.Builder client() {
    return new OkHttpClient.Builder()
        .dns(this)
        .proxy(Proxy.NO_PROXY)
        .followRedirects(false)
        .followSslRedirects(false);
  }

  /** Throws {@link Blocked} with the reason when {@code uri} may not be fetched. */
  public void check(URI uri) throws Blocked {
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("http") && !scheme.equals("https")) {
      throw new Blocked("only http and https URLs can be fetched, not '" + uri + "'");
    }
    String host = uri.getHost();
    if (host == null || host.isBlank()) {
      throw new Blocked("URL '" + uri + "' has no host");
    }
    int port = uri.getPort() != -1 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
    String bare = bare(host);
    resolve(bare, allowList.contains(bare) || allowList.contains(bare + ":" + port));
  }

  /**
   * The addresses of {@code host}, every one of them checked. A client asks without a port, so a
   * host allow-listed with any port is resolved unchecked here: {@link #check} held its URL to the
   * port first.
   */
  @Override
  public List<InetAddress> lookup(String host) throws UnknownHostException {
    String bare = bare(host);
    return resolve(
        bare,
        allowList.contains(bare) || allowList.stream().anyMatch(a -> a.startsWith(bare + ":")));
  }

  private List<InetAddress> resolve(String bare, boolean allowListed) throws Blocked {
    List<InetAddress> addresses;
    try {
      addresses = List.of(resolver.resolve(bare));
    } catch (UnknownHostException e) {
      throw new Blocked("unknown host '" + bare + "'");
    }
    if (allowListed) {
      return addresses;
    }
    for (InetAddress address : addresses) {
      if (isInternal(address)) {
        throw new Blocked(
            "blocked: "
                + bare
                + " resolves to a loopback, private or link-local address (allow-list it with"
                + " threadline.tools.http_fetch.allow)");
      }
    }
    return addresses;
  }

  private static String bare(String host) {
    String h = host.toLowerCase(Locale.ROOT);
    return h.startsWith("[") && h.endsWith("]") ? h.substring(1, h.length() - 1) : h;
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
          || (first == 198 && (second == 18 || second == 19)) // benchmarking
          || first >= 240; // reserved and broadcast
    }
    if (a instanceof Inet6Address) {
      int first = b[0] & 0xff;
      if ((first & 0xfe) == 0xfc) {
        return true; // unique local fc00::/7
      }
      byte[] wrapped = embeddedIpv4(b);
      if (wrapped != null) {
        try {
          return isInternal(InetAddress.getByAddress(wrapped));
        } catch (UnknownHostException e) {
          return true;
        }
      }
    }
    return false;
  }

  /** The IPv4 address an IPv6 address carries by a standard translation, or null. */
  static byte[] embeddedIpv4(byte[] b) {
    if (zero(b, 0, 10) && (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff) {
      return slice(b, 12); // IPv4-mapped ::ffff:a.b.c.d
    }
    if (zero(b, 0, 12)) {
      return slice(b, 12); // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks)
    }
    if (b[0] == 0 && b[1] == 0x64 && (b[2] & 0xff) == 0xff && (b[3] & 0xff) == 0x9b) {
      if (zero(b, 4, 12)) {
        return slice(b, 12); // NAT64 well-known prefix 64:ff9b::/96
      }
      if (b[4] == 0 && b[5] == 1) {
        return new byte[] {10, 0, 0, 0}; // local-use NAT64 64:ff9b:1::/48: never public
      }
    }
    if (b[0] == 0x20 && b[1] == 0x02) {
      return new byte[] {b[2], b[3], b[4], b[5]}; // 6to4 2002:a.b.c.d::/48
    }
    if (b[0] == 0x20 && b[1] == 0x01 && b[2] == 0 && b[3] == 0) {
      // Teredo 2001:0::/32: the client's IPv4 address, every bit inverted, in the last 4 bytes.
      return new byte[] {(byte) ~b[12], (byte) ~b[13], (byte) ~b[14], (byte) ~b[15]};
    }
    return null;
  }

  private static boolean zero(byte[] b, int from, int to) {
    for (int i = from; i < to; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return true;
  }

  private static byte[] slice(byte[] b, int from) {
    return new byte[] {b[from], b[from + 1], b[from + 2], b[from + 3]};
  }
}
