# syntax=docker/dockerfile:1
# One image for the game server, the companion CDN, the agent runtime and the MCP server (docs/operations.md,
# "Containers and deployment"; docs/decisions/0018). The default command runs a world:
#   docker run ... tilerealm                       -> node <GC flags> dist/server.mjs (port 5555)
#   docker run ... tilerealm node dist/cdn.mjs     -> the CDN                (port 8080)
#   docker run ... tilerealm node dist/agents.mjs  -> the agent runtime      (port 4001)
#   docker run ... tilerealm node dist/mcp.mjs --http --host 0.0.0.0 -> the MCP server (port 4100; docs/mcp.md)
# The image keeps the repository's layout under /app: the bundles find their data files (migrations,
# manifests, assets, the built client) where the sources would.

ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, the browser client and the four bundles ---
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/agents/package.json packages/agents/
COPY packages/cdn/package.json packages/cdn/
COPY packages/client/package.json packages/client/
COPY packages/mcp/package.json packages/mcp/
COPY packages/protocol/package.json packages/protocol/
COPY packages/sdk/package.json packages/sdk/
COPY packages/server/package.json packages/server/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- runtime: production dependencies, the bundles and their data, a non-root user ---
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/agents/package.json packages/agents/
COPY packages/cdn/package.json packages/cdn/
COPY packages/client/package.json packages/client/
COPY packages/mcp/package.json packages/mcp/
COPY packages/protocol/package.json packages/protocol/
COPY packages/sdk/package.json packages/sdk/
COPY packages/server/package.json packages/server/
RUN npm ci --omit=dev --workspaces --include-workspace-root --no-audit --no-fund \
  && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/packages/server/public ./packages/server/public
COPY --from=build /app/packages/server/src/storage/migrations ./packages/server/src/storage/migrations
COPY --from=build /app/assets ./assets
# WORLD (the manifest cache) and the agent runtime's data live under /app/world, owned by the
# unprivileged user the programs run as (uid 1000, "node", from the base image).
RUN mkdir -p world/agents && chown -R node:node world
USER node
EXPOSE 5555
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5555) + '/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The game server's V8 flags: packages/server/src/app/node-flags.ts (docs/performance.md, "Garbage collection").
CMD ["node", "--max-semi-space-size=64", "--no-allocation-site-pretenuring", "--no-memory-reducer", "--expose-gc", "dist/server.mjs"]
