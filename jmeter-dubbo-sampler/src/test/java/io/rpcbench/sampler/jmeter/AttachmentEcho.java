package io.rpcbench.sampler.jmeter;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import io.rpcbench.provider.DelayedEcho;
import java.util.List;
import java.util.Map;
import org.apache.dubbo.rpc.RpcContext;

/**
 * The provider's echo service, except that {@link #echo} answers with the value of the Dubbo attachment its argument
 * names ({@code "<none>"} when the call carried none): for tests that attachments reach the provider.
 */
public final class AttachmentEcho implements EchoService {

    /** The answer when the call carried no attachment of the name asked for. */
    public static final String NONE = "<none>";

    private final EchoService echo = new DelayedEcho(0);

    @Override
    public String echo(String attachmentName) {
        Object value = RpcContext.getServerAttachment().getObjectAttachment(attachmentName);
        return value == null ? NONE : value.toString();
    }

    @Override
    public Person echoPerson(Person person) {
        return echo.echoPerson(person);
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        return echo.echoPersons(persons);
    }

    @Override
    public List<Person> listPersons(int count, int sizeBytes) {
        return echo.listPersons(count, sizeBytes);
    }

    @Override
    public void ping() {
        echo.ping();
    }
}
