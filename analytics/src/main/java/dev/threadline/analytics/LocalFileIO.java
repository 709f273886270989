package dev.threadline.analytics;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.OutputFile;

/**
 * An Iceberg table's files in a local folder, through {@code java.nio}: Iceberg's default for a
 * {@code file:} warehouse is Hadoop's file system, whose user lookup calls {@code
 * Subject.getSubject}, which JDK 23 and later refuse — so a warehouse under the analytics dir is
 * read and written here instead, with Iceberg's own local files.
 */
public final class LocalFileIO implements FileIO {
  @Override
  public InputFile newInputFile(String path) {
    return org.apache.iceberg.Files.localInput(file(path));
  }

  @Override
  public OutputFile newOutputFile(String path) {
    return org.apache.iceberg.Files.localOutput(file(path));
  }

  @Override
  public void deleteFile(String path) {
    try {
      Files.deleteIfExists(file(path).toPath());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A {@code file:} URI or a plain path. */
  private static File file(String path) {
    return path.startsWith("file:") ? new File(URI.create(path)) : new File(path);
  }
}
