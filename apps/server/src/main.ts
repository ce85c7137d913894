import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.server.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.server.listen({ port: config.PORT, host: config.HOST });
  app.server.log.info(`Hearth is running at http://${config.HOST}:${config.PORT} (database: ${app.db.dialect})`);
}

main().catch((error: unknown) => {
  console.error('Hearth failed to start:', error);
  process.exit(1);
});
