# The portal's production image: the built server, its production dependencies and the static files,
# owned by root and read-only to the process, which runs as `node`.
#   docker build --build-arg PORTAL_VERSION="$(git describe --always)" -t referral-portal .
#   docker run -p 3000:3000 -p 9464:9464 -e SESSION_SECRET=… -e LEGACY_API_URL=… -e CMS_URL=… referral-portal
#   docker run --rm -e LEGACY_API_URL=… referral-portal node build/portal-server/check-backend.js https://legacy.example --tenant telekom
# It holds no simulators and refuses DEMO=1 with one line: the demo runs from a clone (npm start).
# Stop it with a grace above the drain: docker stop -t 30 (Docker's default of 10 s is less than the
# drain and the in-flight requests' time, 25 s; docs/operations.md, "Restarts without a failed request").
#
# The base, pinned by digest: node:24.18.0-bookworm-slim (linux/amd64 and arm64). To update it, read the
# current digest (docker buildx imagetools inspect node:24-bookworm-slim), put it in both FROM lines,
# and let the image's tests run (npm test builds and starts the server the image runs).
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:6f7b03f7c2c8e2e784dcf9295400527b9b1270fd37b7e9a7285cf83b6951452d

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies these (postinstall: patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
# Then only the production dependencies are kept (patched by npm ci above): neither msw nor tsx, nor
# anything of the tests.
RUN npm run build && npm prune --omit=dev

FROM ${NODE_IMAGE}
ARG PORTAL_VERSION=unknown
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 METRICS_PORT=9464 METRICS_HOST=0.0.0.0 \
    PORTAL_IMAGE=production PORTAL_VERSION=${PORTAL_VERSION}
WORKDIR /app
# Owned by root, so the process (user node) can read its code but not rewrite it.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/build/portal-server ./build/portal-server
COPY --from=build /app/build/server ./build/server
COPY --from=build /app/build/client ./build/client
USER node
EXPOSE 3000 9464
STOPSIGNAL SIGTERM
# Readiness, not liveness: an instance that is draining or can serve no tenant is unhealthy to Docker too.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A young generation of 64 MB semi-spaces: half the garbage collection per request (decision 059).
CMD ["node", "--max-semi-space-size=64", "build/portal-server/index.js"]
