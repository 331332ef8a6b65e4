import { notificationsRoutes } from '@bp/contracts';
import { APP_SCHEME } from '@bp/domain';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../platform/access.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { actorOf } from '../../platform/http/request-context.ts';
import { registerRoute } from '../../platform/http/route.ts';
import { createNotificationService } from './service.ts';

export { registerOutboxRoutes } from './demo-outbox-routes.ts';

const signedIn = { kind: 'signedIn' } as const;

/** SPEC.md §7 Notifications: the caller's preferences, and the push devices of the mobile app. */
export function registerNotificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = createNotificationService(deps);

  registerRoute(app, notificationsRoutes.getNotificationsPreferences, {
    access: signedIn,
    handler: (req) => service.preferences(requireAuth(req).user),
  });

  registerRoute(app, notificationsRoutes.patchNotificationsPreferences, {
    access: signedIn,
    handler: (req) => service.patchPreferences(requireAuth(req).user, req.body, actorOf(req)),
  });

  registerRoute(app, notificationsRoutes.postNotificationsDevices, {
    access: signedIn,
    handler: async (req, reply) => {
      const { created, device } = await service.registerDevice(requireAuth(req).user, req.body, actorOf(req));
      return reply.status(created ? 201 : 200).send(device);
    },
  });

  registerRoute(app, notificationsRoutes.deleteNotificationsDevice, {
    access: signedIn,
    handler: async (req, reply) => {
      await service.removeDevice(requireAuth(req).user, req.params.token, actorOf(req));
      return reply.status(204).send(null);
    },
  });

  // Public: the download page is shown before sign-in. Operator settings, nothing about any tenant.
  registerRoute(app, notificationsRoutes.getVersionsConfigMobileApp, {
    access: { kind: 'public' },
    handler: async () => ({
      app_store_url: deps.config.mobileApp.appStoreUrl,
      play_store_url: deps.config.mobileApp.playStoreUrl,
      app_scheme: APP_SCHEME,
    }),
  });
}
