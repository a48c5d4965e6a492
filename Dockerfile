# The portal as one container: build with the dev dependencies, run without them.
#   docker build -t referral-portal .
#   docker run -p 3000:3000 -e SESSION_SECRET=… -e LEGACY_API_URL=… -e CMS_URL=… referral-portal
# Without LEGACY_API_URL and CMS_URL it refuses to start, with one line; a demo container on the
# embedded simulators asks for them: docker run -p 3000:3000 -e DEMO=1 referral-portal (decision 051).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# npm ci applies these (postinstall: patch-package).
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# A young generation of 64 MB semi-spaces: half the garbage collection per request (decision 059).
CMD ["node", "--max-semi-space-size=64", "build/portal-server/index.js"]
