import {
  noQuery,
  notificationPreferences,
  patchNotificationPreferencesRequest,
  pushDevice,
  registerPushDeviceRequest,
} from '@bp/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../platform/access.ts';
import { actorOf } from '../../platform/audit/audit.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { errorResponses } from '../../platform/responses.ts';
import { createNotificationService } from './service.ts';

export { registerOutboxRoutes } from './demo-outbox.ts';

const tags = ['notifications'];
const signedIn = { kind: 'signedIn' } as const;
const deviceParams = z.object({ token: z.string().min(1).max(256) });

/** SPEC.md §7 Notifications: the caller's preferences, and the push devices of the mobile app. */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createNotificationService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/v1/notifications/preferences', {
    config: { access: signedIn },
    schema: { tags, querystring: noQuery, response: { 200: notificationPreferences, ...errorResponses } },
    handler: (req) => service.preferences(requireAuth(req).user),
  });

  r.patch('/v1/notifications/preferences', {
    config: { access: signedIn },
    schema: {
      tags,
      body: patchNotificationPreferencesRequest,
      response: { 200: notificationPreferences, ...errorResponses },
    },
    handler: (req) => service.patchPreferences(requireAuth(req).user, req.body, actorOf(req)),
  });

  r.post('/v1/notifications/devices', {
    config: { access: signedIn },
    schema: {
      tags,
      body: registerPushDeviceRequest,
      response: { 200: pushDevice, 201: pushDevice, ...errorResponses },
    },
    handler: async (req, reply) => {
      const { created, device } = await service.registerDevice(requireAuth(req).user, req.body, actorOf(req));
      return reply.status(created ? 201 : 200).send(device);
    },
  });

  r.delete('/v1/notifications/devices/:token', {
    config: { access: signedIn },
    schema: {
      tags,
      params: deviceParams,
      response: { 204: z.null().describe('No content'), ...errorResponses },
    },
    handler: async (req, reply) => {
      await service.removeDevice(requireAuth(req).user, req.params.token, actorOf(req));
      return reply.status(204).send(null);
    },
  });
}
