/** Routes of the API's notifications module: the one declaration the API registers and the apps call. */

import { z } from 'zod';
import { noQuery, pageQuery } from '../common.ts';
import {
  demoModeResponse,
  mobileAppConfig,
  notificationPreferences,
  outboxMessageList,
  patchNotificationPreferencesRequest,
  pushDevice,
  registerPushDeviceRequest,
} from '../notifications.ts';
import { defineRoute, noContentResponse } from '../route.ts';

const deviceParams = z.object({ token: z.string().min(1).max(256) });

const outboxQuery = pageQuery.extend({ recipient: z.string().max(254).optional() });

export const notificationsRoutes = {
  getNotificationsPreferences: defineRoute({
    method: 'GET',
    path: '/v1/notifications/preferences',
    tags: ['notifications'],
    query: noQuery,
    responses: { 200: notificationPreferences },
  }),
  patchNotificationsPreferences: defineRoute({
    method: 'PATCH',
    path: '/v1/notifications/preferences',
    tags: ['notifications'],
    body: patchNotificationPreferencesRequest,
    responses: { 200: notificationPreferences },
  }),
  postNotificationsDevices: defineRoute({
    method: 'POST',
    path: '/v1/notifications/devices',
    tags: ['notifications'],
    body: registerPushDeviceRequest,
    responses: { 200: pushDevice, 201: pushDevice },
  }),
  deleteNotificationsDevice: defineRoute({
    method: 'DELETE',
    path: '/v1/notifications/devices/:token',
    tags: ['notifications'],
    params: deviceParams,
    responses: { 204: noContentResponse },
  }),
  /** Public: the download page's store links and the app's link scheme (decision 033). */
  getVersionsConfigMobileApp: defineRoute({
    method: 'GET',
    path: '/v1/versions/config/mobile_app',
    tags: ['notifications'],
    query: noQuery,
    description:
      "The companion app's App Store and Google Play listings (APP_STORE_URL, PLAY_STORE_URL) and its link scheme.",
    responses: { 200: mobileAppConfig },
  }),
  /** Public in every mode: the sign-in and password pages link to the demo outbox only when it exists. */
  getDemoMode: defineRoute({
    method: 'GET',
    path: '/v1/demo-mode',
    tags: ['demo'],
    query: noQuery,
    responses: { 200: demoModeResponse },
  }),
  /** Demo mode only (decisions 005 and 011): the messages sent to a demo user; never registered in production. */
  getOutbox: defineRoute({
    method: 'GET',
    path: '/v1/outbox',
    tags: ['demo'],
    query: outboxQuery,
    responses: { 200: outboxMessageList },
  }),
};
