package dev.threadline.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The heap figure of {@code jcmd GC.heap_info}, as JDK 25 prints it for each collector. */
class ProcessStatsTest {

  @Test
  void g1ReportsOneHeap() {
    String info =
        """
        30621:
        garbage-first heap   total reserved 6172672K, committed 393216K, used 11610K [0x0, 0x1)
         region size 4096K, 3 young (12288K), 1 survivors (4096K)
         Metaspace       used 1181K, committed 1344K, reserved 1114112K
        """;

    assertEquals(11610 / 1024.0, ProcessStats.usedHeapMiB(info), 1e-9);
  }

  @Test
  void parallelReportsYoungAndOldGenerationsWhichAreSummed() {
    String info =
        """
        30585:
        PSYoungGen      total 113152K, used 29348K [0x0, 0x1, 0x2)
         eden space 97280K, 30% used [0x0,0x1,0x2)
         from space 15872K, 0% used [0x0,0x1,0x2)
        ParOldGen       total 258048K, used 1166K [0x0, 0x1, 0x2)
         object space 258048K, 0% used [0x0,0x1,0x2)
         Metaspace       used 1181K, committed 1344K, reserved 1114112K
        """;

    assertEquals((29348 + 1166) / 1024.0, ProcessStats.usedHeapMiB(info), 1e-9);
  }

  @Test
  void anUnreadableReportIsNotAFigure() {
    assertTrue(Double.isNaN(ProcessStats.usedHeapMiB("12345:\nUnable to open socket file")));
  }
}
