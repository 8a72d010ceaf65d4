// The frame site's entry: read the URL, build the frame, listen. See frame.ts.
import './styles.css'
import { apiUrlFromEnv, readConfig } from './config.ts'
import { composeFrame } from './frame.ts'
import { browserLocalStorage } from './storage.ts'

const config = readConfig(location.search, apiUrlFromEnv())
const { frame, log } = composeFrame({
  config,
  self: window,
  parent: window.parent,
  ancestorOrigins: location.ancestorOrigins ?? null,
  document,
  storage: browserLocalStorage(),
  reload: () => location.reload(),
})
log.info(
  `frame ${config.projectId || '(no project)'} sdk ${config.version || '?'} chain ${config.chainId}` +
    (config.enableCloudAuthAccount ? ' (cloud-auth account requested; not available)' : ''),
)
window.addEventListener('message', (event) => {
  void frame.onMessage(event)
})
if (config.projectId) void frame.start()
else log.error('no valid projectId in the URL: the frame answers nothing')
