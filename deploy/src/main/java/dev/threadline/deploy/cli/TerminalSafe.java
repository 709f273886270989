package dev.threadline.deploy.cli;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * What the CLI prints, with the control characters a terminal would obey shown instead of sent: a
 * thread's text comes from a model and from tenants' tools, and an escape sequence in it could
 * rewrite the screen, retitle the window or, on some terminals, type for the user. C0 controls but
 * newline, carriage return and tab, DEL, and the C1 controls (as UTF-8 encodes them) are written in
 * caret notation ({@code ^[} for ESC). JSON output is unchanged: Jackson escapes them already.
 */
final class TerminalSafe extends FilterOutputStream {
  /** The first byte of a two-byte UTF-8 character in U+0080..U+00BF (C1 controls among them). */
  private static final int C1_LEAD = 0xC2;

  private boolean afterLead;

  private TerminalSafe(OutputStream out) {
    super(out);
  }

  static PrintStream of(PrintStream out) {
    return new PrintStream(new TerminalSafe(out), true, StandardCharsets.UTF_8);
  }

  @Override
  public void write(int b) throws IOException {
    int octet = b & 0xff;
    if (afterLead) {
      afterLead = false;
      if (octet >= 0x80 && octet <= 0x9f) {
        out.write(
            ("^" + (char) ('@' + (octet - 0x80)) + "(C1)").getBytes(StandardCharsets.US_ASCII));
      } else {
        out.write(C1_LEAD);
        out.write(octet);
      }
      return;
    }
    if (octet == C1_LEAD) {
      afterLead = true;
      return;
    }
    if ((octet < 0x20 && octet != '\n' && octet != '\r' && octet != '\t') || octet == 0x7f) {
      out.write('^');
      out.write(octet == 0x7f ? '?' : '@' + octet);
      return;
    }
    out.write(octet);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    for (int i = 0; i < length; i++) {
      write(bytes[offset + i]);
    }
  }

  @Override
  public void flush() throws IOException {
    if (afterLead) {
      return; // the character's second byte is still to come
    }
    out.flush();
  }
}
