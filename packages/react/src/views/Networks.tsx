import { NetworkList } from './NetworkList'

export default function Networks() {
  return (
    <div data-view="Networks">
      <NetworkList />
    </div>
  )
}
