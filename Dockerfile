# Meridian in a container: the API and the built client on one port. For production run it on PostgreSQL
# (DATABASE_URL) with WORKERS=auto, and as many containers as needed behind a proxy; see "Deployment" in
# README.md. Build: docker build -t meridian .
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
# The dev dependencies stay: `npm run admin` (create the first admin) runs through tsx.
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
EXPOSE 3000
# Readiness: 503 while the database is unreachable or the server is stopping.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM: stop accepting, finish requests in flight, end event streams with a retry hint, exit within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "apps/server/dist/main.js"]
