import { Layer } from "effect"
import { ConfigChanges } from "./changes.js"
import { ConfigListenerLive } from "./listener.js"
import { ConfigReads } from "./reads.js"
import { ConfigRepo } from "./repo.js"
import { SecretBox } from "./secrets.js"
import { ConfigStore } from "./store.js"

/**
 * The store, loaded (or in the missing state), with its reads and writes; nothing keeps it current.
 * Each brings its own dependencies; the store they share is one instance (the same layer value).
 */
export const ConfigServicesLive = Layer.mergeAll(
  ConfigChanges.Default,
  ConfigReads.Default,
  ConfigStore.Default,
  ConfigRepo.Default,
  SecretBox.Default,
)

/**
 * The configuration store of an instance, one for the HTTP handlers and the jobs alike: loaded
 * before the server listens (a store that cannot load leaves it in the missing state; it still
 * starts), and kept current by the listener.
 */
export const ConfigLive = ConfigListenerLive.pipe(Layer.provideMerge(ConfigServicesLive))
