package dev.threadline.deploy;

import com.sun.tools.attach.VirtualMachine;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Reads a local JVM's MBeans (the Kafka clients' metrics among them) by attaching to it and
 * starting its local management agent, so the services need no JMX port of their own.
 */
final class Jmx implements AutoCloseable {
  private final JMXConnector connector;
  private final MBeanServerConnection server;

  private Jmx(JMXConnector connector) throws IOException {
    this.connector = connector;
    this.server = connector.getMBeanServerConnection();
  }

  static Jmx attach(long pid) throws Exception {
    VirtualMachine vm = VirtualMachine.attach(String.valueOf(pid));
    try {
      return new Jmx(
          JMXConnectorFactory.connect(new JMXServiceURL(vm.startLocalManagementAgent())));
    } finally {
      vm.detach();
    }
  }

  /** The sum of a numeric attribute over every MBean the pattern matches (0 if none). */
  double sum(String pattern, String attribute) throws Exception {
    double sum = 0;
    for (ObjectName name : server.queryNames(new ObjectName(pattern), null)) {
      if (server.getAttribute(name, attribute) instanceof Number n
          && !Double.isNaN(n.doubleValue())) {
        sum += n.doubleValue();
      }
    }
    return sum;
  }

  /**
   * Sums of a numeric attribute over every MBean the pattern matches, grouped by one of the names'
   * key properties (e.g. the broker's request metrics by {@code request}).
   */
  Map<String, Double> sumBy(String pattern, String attribute, String key) throws Exception {
    Map<String, Double> sums = new TreeMap<>();
    for (ObjectName name : server.queryNames(new ObjectName(pattern), null)) {
      if (name.getKeyProperty(key) != null
          && server.getAttribute(name, attribute) instanceof Number n
          && !Double.isNaN(n.doubleValue())) {
        sums.merge(name.getKeyProperty(key), n.doubleValue(), Double::sum);
      }
    }
    return sums;
  }

  @Override
  public void close() throws IOException {
    connector.close();
  }
}
