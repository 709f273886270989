// An OAuth 2.0 authorization server nobody here wrote: panva's oidc-provider from the npm
// registry, with the client credentials grant on and token introspection, as a registry's
// identity provider would be. One confidential client, given by THREADLINE_CLIENT_ID and
// THREADLINE_CLIENT_SECRET. Prints "oauth-server: ready <issuer>" once it listens.
import Provider from "oidc-provider";

const port = Number(process.env.PORT || 0);
const issuer = `http://127.0.0.1:${port}`;
const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.THREADLINE_CLIENT_ID,
      client_secret: process.env.THREADLINE_CLIENT_SECRET,
      grant_types: ["client_credentials"],
      redirect_uris: [],
      response_types: [],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  scopes: ["registry"],
  clientBasedCORS: () => true,
  features: {
    clientCredentials: { enabled: true },
    introspection: { enabled: true },
    devInteractions: { enabled: false },
  },
  ttl: { ClientCredentials: Number(process.env.TOKEN_TTL_SECONDS || 600) },
});
let granted = 0;
provider.on("client_credentials.saved", () => {
  granted += 1;
  console.log(`oauth-server: granted ${granted}`);
});
provider.listen(port, () => console.log(`oauth-server: ready ${issuer}`));
