// An OpenID provider nobody here wrote — panva's oidc-provider from the npm registry — issuing
// signed JWT access tokens (RFC 9068) for the resource "urn:threadline" to three users of tenant
// "local": ada and bob, and root, an admin. Each user is a client of the client credentials grant
// (the token's sub is the client id), which keeps the test free of a browser login; the token is
// what an app's user would present, signed with the provider's published keys. Prints
// "oidc-users: ready <issuer>" once it listens.
import Provider from "oidc-provider";

const port = Number(process.env.PORT || 0);
const issuer = `http://127.0.0.1:${port}`;
const user = (id) => ({
  client_id: id,
  client_secret: `${id}-secret`,
  grant_types: ["client_credentials"],
  redirect_uris: [],
  response_types: [],
  token_endpoint_auth_method: "client_secret_basic",
});
const provider = new Provider(issuer, {
  clients: ["ada", "bob", "root"].map(user),
  scopes: ["threads"],
  features: {
    clientCredentials: { enabled: true },
    devInteractions: { enabled: false },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => "urn:threadline",
      getResourceServerInfo: (ctx, resource) => ({
        scope: "threads",
        audience: resource,
        accessTokenFormat: "jwt",
        accessTokenTTL: Number(process.env.TOKEN_TTL_SECONDS || 600),
      }),
      useGrantedResource: () => true,
    },
  },
  extraTokenClaims: (ctx, token) => ({
    tenant: "local",
    roles: token.clientId === "root" ? ["threadline-admin"] : [],
  }),
});
provider.listen(port, () => console.log(`oidc-users: ready ${issuer}`));
