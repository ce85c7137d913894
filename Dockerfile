# syntax=docker/dockerfile:1
# Hearth in a container: a build stage (web app + server bundle), a stage with the production dependencies only,
# and a small runtime on node:20-bookworm-slim running as the unprivileged `node` user with its data in /data.
#   docker build -t hearth .                     CPU image (the default target)
#   docker build --target cuda -t hearth:cuda .  with the CUDA 12 runtime libraries for LLAMA_GPU=cuda
# docker-compose*.yml use these images; apps/server/src/deploy/containers.unit.test.ts keeps them consistent.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: install everything, build the web app (Vite) and bundle the server (esbuild) ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Compilers only as a fallback for native modules without a prebuilt binary for this platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/contract packages/contract
COPY apps/web apps/web
COPY apps/server apps/server
COPY scripts scripts
RUN npm run build -w @hearth/web && node scripts/build-server.mjs

# ---- deps: the server's production dependencies (the bundle keeps every npm package external) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --workspace @hearth/server --no-audit --no-fund \
  && mkdir -p apps/server/node_modules \
  && npm cache clean --force

# ---- deps-cpu: the same without node-llama-cpp's CUDA builds (about 540 MB the CPU image never loads) ----
FROM deps AS deps-cpu
RUN rm -rf node_modules/@node-llama-cpp/*-cuda node_modules/@node-llama-cpp/*-cuda-ext

# ---- app: what both runtime images share (everything but node_modules) ----
FROM ${NODE_IMAGE} AS app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# DejaVu Sans: PDF exports of conversations embed it so accented, Greek and Cyrillic text survive.
RUN apt-get update \
  && apt-get install -y --no-install-recommends fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
# The root package.json carries the version Hearth reports; the layout matches the repository's, so the
# bundle finds the web app at apps/web/dist and its npm packages in node_modules.
COPY --from=deps /app/package.json ./package.json
COPY --from=deps /app/packages/contract/package.json ./packages/contract/package.json
COPY --from=deps /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The shipped documentation pages: the server reads them to edit pages and draft documentation updates.
COPY --from=build /app/apps/web/src/features/docs/content ./apps/web/src/features/docs/content
# /data/models exists in the image so a volume mounted there is owned by `node` too.
RUN mkdir -p /data/models && chown -R node:node /data
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]

# ---- cuda: the app plus NVIDIA's CUDA 12 runtime libraries (the driver itself comes from the host) ----
FROM app AS cuda
ARG CUDA_PACKAGES="cuda-cudart-12-8 libcublas-12-8"
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates curl \
  && curl -fsSL -o /tmp/cuda-keyring.deb \
    https://developer.download.nvidia.com/compute/cuda/repos/debian12/x86_64/cuda-keyring_1.1-1_all.deb \
  && dpkg -i /tmp/cuda-keyring.deb && rm /tmp/cuda-keyring.deb \
  && apt-get update \
  && apt-get install -y --no-install-recommends ${CUDA_PACKAGES} \
  && apt-get purge -y curl && apt-get autoremove -y \
  && rm -rf /var/lib/apt/lists/*
ENV LD_LIBRARY_PATH=/usr/local/cuda/lib64:/usr/local/cuda/targets/x86_64-linux/lib \
    NVIDIA_VISIBLE_DEVICES=all \
    NVIDIA_DRIVER_CAPABILITIES=compute,utility
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
USER node

# ---- runtime: the default image (CPU; Ollama or the built-in runtime on the CPU run the models) ----
FROM app AS runtime
COPY --from=deps-cpu /app/node_modules ./node_modules
COPY --from=deps-cpu /app/apps/server/node_modules ./apps/server/node_modules
USER node
