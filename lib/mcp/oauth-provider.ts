import "server-only";
import { randomBytes } from "node:crypto";
import type { OAuthClientProvider, OAuthDiscoveryState } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";
import { getDb } from "@/lib/db/client";
import { oauthCallbackUrl } from "./oauth-callback-url";
import { seal, unseal } from "./seal";

// OAuth 2.1 for one person's connection (docs/operations.md § "MCP servers"), as the official SDK's
// client drives it: discovery, dynamic client registration, authorization code with PKCE, refresh.
// Everything it keeps (the registration, the tokens, the verifier of an authorization in progress,
// what discovery found) is sealed into the server's own row, so the callback and every later run
// find it on any instance; only `state` is kept in clear, for the callback to find its row by.

export interface OAuthStore {
  /** The callback URL the client was registered with; another one registers again. */
  redirectUrl?: string;
  clientInformation?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  codeVerifier?: string;
  discovery?: OAuthDiscoveryState;
}

export const oauthContext = (serverId: string) => `mcp-oauth:${serverId}`;

export class StoredOAuthProvider implements OAuthClientProvider {
  /** Where the person's browser goes to authorize, once the SDK has built it. */
  authorizationUrl: URL | null = null;

  private constructor(
    private readonly serverId: string,
    private readonly userId: string,
    private store: OAuthStore,
    private readonly callbackUrl: string,
  ) {}

  /** Without `callbackUrl` (no browser behind the work: a run), the one the client was registered with. */
  static async load(server: { id: string; userId: string; oauthSealed: string | null }, callbackUrl?: string) {
    const store = (await unseal<OAuthStore>(server.oauthSealed, oauthContext(server.id))) ?? {};
    return new StoredOAuthProvider(
      server.id,
      server.userId,
      store,
      callbackUrl ?? store.redirectUrl ?? oauthCallbackUrl(),
    );
  }

  get redirectUrl(): string {
    return this.callbackUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: "Projects workspace",
      redirect_uris: [this.callbackUrl],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }

  /** Whether the person has authorized (tokens are kept). */
  hasTokens(): boolean {
    return Boolean(this.store.tokens?.access_token);
  }

  async state(): Promise<string> {
    const state = randomBytes(24).toString("base64url");
    const db = await getDb();
    await db.mcpServer.updateMany({ where: { id: this.serverId, userId: this.userId }, data: { oauthState: state } });
    return state;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.store.redirectUrl === this.callbackUrl ? this.store.clientInformation : undefined;
  }

  async saveClientInformation(clientInformation: OAuthClientInformationMixed): Promise<void> {
    await this.save({ ...this.store, clientInformation, redirectUrl: this.callbackUrl });
  }

  tokens(): OAuthTokens | undefined {
    return this.store.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    await this.save({ ...this.store, tokens, codeVerifier: undefined });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.authorizationUrl = authorizationUrl;
  }

  async saveCodeVerifier(codeVerifier: string): Promise<void> {
    await this.save({ ...this.store, codeVerifier });
  }

  codeVerifier(): string {
    if (!this.store.codeVerifier) throw new Error("No authorization is in progress for this server.");
    return this.store.codeVerifier;
  }

  async invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): Promise<void> {
    const next = { ...this.store };
    if (scope === "all" || scope === "client") delete next.clientInformation;
    if (scope === "all" || scope === "tokens") delete next.tokens;
    if (scope === "all" || scope === "verifier") delete next.codeVerifier;
    if (scope === "all" || scope === "discovery") delete next.discovery;
    await this.save(next);
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.store.discovery;
  }

  async saveDiscoveryState(discovery: OAuthDiscoveryState): Promise<void> {
    await this.save({ ...this.store, discovery });
  }

  private async save(store: OAuthStore): Promise<void> {
    this.store = store;
    const db = await getDb();
    await db.mcpServer.updateMany({
      where: { id: this.serverId, userId: this.userId },
      data: { oauthSealed: await seal(store, oauthContext(this.serverId)) },
    });
  }
}
