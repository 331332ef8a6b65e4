/** Routes of the API's notifications module: the one declaration the API registers and the apps call. */

import { z } from 'zod';
import { noQuery, pageQuery } from '../common.ts';
import {
  demoModeResponse,
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
