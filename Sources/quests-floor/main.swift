// The floor the benchmark measures quests against: the same package, toolchain and linkage, but it only
// opens the store and runs one indexed query (the balance). Usage: quests-floor STORE
import FoundationEssentials
import Glibc
import QuestsStore

let arguments = CommandLine.arguments
guard arguments.count == 2, let balance = StoreFloor.balance(path: arguments[1]) else {
    print("usage: quests-floor STORE (an existing store with a ledger)")
    exit(1)
}
print(balance)
