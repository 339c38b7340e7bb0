import QuestsCLI
Quests.main()
