import QuestsCLI

Quests.main()
