import { Layer } from "effect"
import { Audit } from "../audit/audit.js"
import { ConfigChanges } from "./changes.js"
import { ConfigListenerLive } from "./listener.js"
import { ConfigReads } from "./reads.js"
import { ConfigRepo } from "./repo.js"
import { SecretBox } from "./secrets.js"
import { ConfigStore } from "./store.js"

/** The store, loaded (or in the missing state), with its reads and writes; nothing keeps it current. */
export const ConfigServicesLive = Layer.mergeAll(ConfigChanges.Default, ConfigReads.Default).pipe(
  Layer.provide(Audit.Default),
  Layer.provideMerge(ConfigStore.Default),
  Layer.provideMerge(Layer.mergeAll(ConfigRepo.Default, SecretBox.Default)),
)

/**
 * The configuration store of an instance, one for the HTTP handlers and the jobs alike: loaded
 * before the server listens (a store that cannot load leaves it in the missing state; it still
 * starts), and kept current by the listener.
 */
export const ConfigLive = ConfigListenerLive.pipe(Layer.provideMerge(ConfigServicesLive))
