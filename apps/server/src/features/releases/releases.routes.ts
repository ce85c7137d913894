import {
  AppVersion,
  AppVersionList,
  CreateVersionBody,
  DeploymentLogList,
  DeploymentLogQuery,
  DeploymentResult,
  ErrorBody,
  GithubConnectionTest,
  GithubIntegration,
  IdParams,
  OkResponse,
  SaveGithubIntegrationBody,
  UpdateVersionStatusBody,
} from '@hearth/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditContext } from '../audit';
import type { GithubDeployService } from './github-deploy.service';
import type { GithubIntegrationService } from './github-integration.service';
import type { VersionService } from './version.service';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const upstream = { ...errors, 502: ErrorBody };
const tags = ['releases'];
const config = { access: 'super_admin' as const };

export interface ReleasesRouteOptions {
  versionService: VersionService;
  deployService: GithubDeployService;
  integrationService: GithubIntegrationService;
}

/** Releases are managed by super admins only: versions, deployments, logs and the GitHub integration. */
export const releasesRoutes: FastifyPluginAsyncZod<ReleasesRouteOptions> = async (
  app,
  { versionService, deployService, integrationService },
) => {
  app.get(
    '/api/admin/versions',
    { config, schema: { tags, summary: 'Versions, newest first', response: { 200: AppVersionList, ...errors } } },
    async () => ({ versions: await versionService.list() }),
  );

  app.post(
    '/api/admin/versions',
    {
      config,
      schema: {
        tags,
        summary: 'Create a version as draft, staged or live (live notifies everyone)',
        body: CreateVersionBody,
        response: { 201: AppVersion, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await versionService.create(request.body, auditContext(request))),
  );

  app.patch(
    '/api/admin/versions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Stage (draft → staged), deploy (staged → live) or roll back (live → rollback) a version',
        params: IdParams,
        body: UpdateVersionStatusBody,
        response: { 200: AppVersion, ...errors },
      },
    },
    async (request) => versionService.changeStatus(request.params.id, request.body, auditContext(request)),
  );

  app.delete(
    '/api/admin/versions/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete a version that is not live',
        params: IdParams,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await versionService.delete(request.params.id, auditContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/versions/:id/deploy',
    {
      config,
      schema: {
        tags,
        summary: 'Deploy a staged version via GitHub: release, deployment, workflow, webhook; then live',
        params: IdParams,
        response: { 200: DeploymentResult, ...upstream },
      },
    },
    async (request) => deployService.deploy(request.params.id, auditContext(request)),
  );

  app.post(
    '/api/admin/versions/:id/rollback',
    {
      config,
      schema: {
        tags,
        summary: 'Roll back a live version via GitHub: its release becomes a draft prerelease',
        params: IdParams,
        response: { 200: DeploymentResult, ...upstream },
      },
    },
    async (request) => deployService.rollback(request.params.id, auditContext(request)),
  );

  app.get(
    '/api/admin/deployment-logs',
    {
      config,
      schema: {
        tags,
        summary: 'Deployment logs, newest first, optionally of one version',
        querystring: DeploymentLogQuery,
        response: { 200: DeploymentLogList, ...errors },
      },
    },
    async (request) => ({ logs: await versionService.logs(request.query.version_id) }),
  );

  app.get(
    '/api/admin/integrations/github',
    {
      config,
      schema: {
        tags,
        summary: 'The GitHub integration (the token is never returned)',
        response: { 200: GithubIntegration, ...errors },
      },
    },
    async () => integrationService.get(),
  );

  app.put(
    '/api/admin/integrations/github',
    {
      config,
      schema: {
        tags,
        summary: 'Save the GitHub integration; an empty token keeps the stored one',
        body: SaveGithubIntegrationBody,
        response: { 200: GithubIntegration, ...errors },
      },
    },
    async (request) => integrationService.save(request.body, auditContext(request)),
  );

  app.post(
    '/api/admin/integrations/github/test',
    {
      config,
      schema: {
        tags,
        summary: 'Test the saved GitHub integration by reading the repository',
        response: { 200: GithubConnectionTest, ...errors },
      },
    },
    async () => integrationService.test(),
  );
};
