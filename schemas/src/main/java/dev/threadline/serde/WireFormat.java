package dev.threadline.serde;

/** Confluent's wire format: magic byte 0, a 4-byte big-endian schema id, then Avro binary. */
public final class WireFormat {
  public static final byte MAGIC_BYTE = 0;
  public static final int HEADER_SIZE = 5;

  private WireFormat() {}
}
