// The transport module's public door: its routes, and what the demo seed uses.
export { schoolTransportRoutes, familyTransportRoutes, TRANSPORT_PERMISSION } from './routes.ts';
export { DRIVER_ROLE } from './manage-transport.ts';
// For the demo seed: the office's use cases, with its school admin as the caller.
export { addRider, saveRoute, saveStops, saveVehicle } from './manage-transport.ts';
